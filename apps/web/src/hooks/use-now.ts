import { useEffect, useState } from 'react'

/** The current instant (ms), refreshed every `intervalMs`: countdowns and market hours. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
