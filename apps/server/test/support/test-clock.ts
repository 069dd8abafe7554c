import type { Clock } from '../../src/lib/clock'

/**
 * The app's clock in tests: real time plus an offset the test moves, so an hour passes in an
 * instant and nothing sleeps.
 */
export class TestClock implements Clock {
  private offsetMs = 0

  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  advance(duration: {
    ms?: number
    seconds?: number
    minutes?: number
    hours?: number
    days?: number
  }) {
    this.offsetMs +=
      (duration.ms ?? 0) +
      (duration.seconds ?? 0) * 1000 +
      (duration.minutes ?? 0) * 60_000 +
      (duration.hours ?? 0) * 3_600_000 +
      (duration.days ?? 0) * 86_400_000
  }

  set(date: Date) {
    this.offsetMs = date.getTime() - Date.now()
  }

  reset() {
    this.offsetMs = 0
  }
}
