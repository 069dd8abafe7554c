export interface Figure {
  name: string
  value: number
  unit: string
}

/** A suite yields its figures as it measures them. */
export type BenchSuite = () => AsyncIterable<Figure>

/** Median of the durations (ms) of `runs` calls of `fn`, after `warmup` untimed calls. */
export function medianMs(fn: () => void, runs = 9, warmup = 2): number {
  for (let i = 0; i < warmup; i++) fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]!
}

/** Deterministic pseudo-random numbers (mulberry32) so that every run measures the same work. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
