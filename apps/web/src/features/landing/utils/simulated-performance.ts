// The live-performance demo of spec 2.3: a made-up profit curve of a simulated account, one point
// every 5 seconds, the last 24 shown. Each point follows from its index alone (a fixed seed), so
// the first render is the same on the server and in the browser and the page hydrates cleanly.

export const DEMO_INTERVAL_MS = 5_000
export const DEMO_WINDOW = 24
export const DEMO_SEED = 20_250_406
/** the simulated account's size, for the axis text */
export const DEMO_ACCOUNT_CENTS = 10_000_000

export type DemoPoint = {
  /** 0, 1, 2, ...: the point's place in the endless simulation */
  index: number
  /** simulated profit in cents since the start of the simulation */
  profitCents: number
}

/** A number in [0, 1) from the seed and an index (mulberry32 of their mix): no state to carry. */
export function seededUnit(seed: number, index: number): number {
  let t = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0
  t = (t + 0x6d2b79f5) >>> 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** The change of profit at point `index`: -$420 to +$580 in whole dollars, a slight upward drift. */
export function profitStepCents(seed: number, index: number): number {
  return Math.round(seededUnit(seed, index) * 1_000 - 420) * 100
}

/** The point after `previous`. */
export function nextDemoPoint(previous: DemoPoint, seed = DEMO_SEED): DemoPoint {
  const index = previous.index + 1
  return { index, profitCents: previous.profitCents + profitStepCents(seed, index) }
}

/** The first window of the simulation: points 0 to size-1. */
export function firstDemoWindow(seed = DEMO_SEED, size = DEMO_WINDOW): DemoPoint[] {
  const points: DemoPoint[] = [{ index: 0, profitCents: 0 }]
  while (points.length < size) points.push(nextDemoPoint(points[points.length - 1]!, seed))
  return points
}

/** The window one step later: the oldest point dropped, the next one added. */
export function advanceDemoWindow(points: readonly DemoPoint[], seed = DEMO_SEED): DemoPoint[] {
  const last = points[points.length - 1]
  if (!last) return firstDemoWindow(seed)
  return [...points.slice(1), nextDemoPoint(last, seed)]
}
