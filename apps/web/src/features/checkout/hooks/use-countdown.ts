import { useEffect, useState } from 'react'

/** Milliseconds left until `deadline` (ISO instant), refreshed every second; never below 0. */
export function useCountdown(deadline: string): number {
  const end = Date.parse(deadline)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [end])
  return Number.isFinite(end) ? Math.max(0, end - now) : 0
}

/** "29:59"; an hour or more as "1:05:00". */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1_000)
  const hours = Math.floor(totalSeconds / 3_600)
  const minutes = Math.floor((totalSeconds % 3_600) / 60)
  const seconds = totalSeconds % 60
  const mm = String(minutes).padStart(2, '0')
  const ss = String(seconds).padStart(2, '0')
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`
}
