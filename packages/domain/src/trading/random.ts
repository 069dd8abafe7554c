/**
 * A seeded random stream whose whole state is four 32-bit integers, so it can be stored as JSON
 * and resumed exactly: xoshiro128** (Blackman and Vigna), period 2^128 - 1.
 *
 * Only integer operations and +, -, x, / and square roots are used here and in the market model:
 * IEEE 754 defines those exactly, unlike Math.log or Math.exp, so a stream gives the same numbers
 * on every machine and JavaScript engine.
 */
export type RandomState = [number, number, number, number]

const UINT32 = 4_294_967_296

export class RandomStream {
  private s0: number
  private s1: number
  private s2: number
  private s3: number

  constructor(state: Readonly<RandomState>) {
    ;[this.s0, this.s1, this.s2, this.s3] = state.map((word) => word >>> 0) as RandomState
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) {
      throw new RangeError('a xoshiro128** state must not be all zeros')
    }
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotateLeft(Math.imul(this.s1, 5), 7), 9) >>> 0
    const t = this.s1 << 9
    this.s2 ^= this.s0
    this.s3 ^= this.s1
    this.s1 ^= this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotateLeft(this.s3, 11)
    return result
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    return this.nextUint32() / UINT32
  }

  /**
   * Standard normal, approximately: the sum of 12 uniforms minus 6 (Irwin-Hall) has mean 0 and
   * variance 1, needs no logarithm, and is bounded at +-6, which is fine for price steps (the
   * model adds jumps where fat tails matter).
   */
  normal(): number {
    let sum = -6
    for (let i = 0; i < 12; i++) sum += this.uniform()
    return sum
  }

  state(): RandomState {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0]
  }
}

function rotateLeft(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k))
}

/**
 * The starting state of the stream for `key` under `seed`: FNV-1a of the key mixed with the seed,
 * expanded by splitmix32. Different keys give independent-looking streams, so one instrument's
 * prices do not depend on which other instruments are modelled.
 */
export function seedRandomState(seed: number, key: string): RandomState {
  let hash = 0x811c9dc5 ^ (seed >>> 0)
  for (let i = 0; i < key.length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
  }
  let x = hash >>> 0
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0
    let z = x
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
  const state: RandomState = [next(), next(), next(), next()]
  if ((state[0] | state[1] | state[2] | state[3]) === 0) state[0] = 1
  return state
}
