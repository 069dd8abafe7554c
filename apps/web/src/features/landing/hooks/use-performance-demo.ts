import { useEffect, useState } from 'react'
import {
  advanceDemoWindow,
  DEMO_INTERVAL_MS,
  DEMO_SEED,
  firstDemoWindow,
} from '../utils/simulated-performance'

/** The demo's points: the seeded first window, then one more every 5 seconds while mounted. */
export function usePerformanceDemo(seed = DEMO_SEED) {
  const [points, setPoints] = useState(() => firstDemoWindow(seed))
  useEffect(() => {
    const timer = window.setInterval(
      () => setPoints((previous) => advanceDemoWindow(previous, seed)),
      DEMO_INTERVAL_MS,
    )
    return () => window.clearInterval(timer)
  }, [seed])
  return points
}
