import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now, following changes (e.g. '(max-width: 767px)'). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Below Tailwind's `md` breakpoint: phones, where wide tables turn into lists of cards. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)'
