import { useCallback, useState } from 'react'

/**
 * A UI preference remembered on this device (sidebar collapsed, ...). Not a spec 3 key, so signing
 * out leaves it alone: it describes the device, not the person.
 */
export function usePersistedState<T extends boolean | string | number>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = window.localStorage.getItem(key)
      return stored === null ? initial : (JSON.parse(stored) as T)
    } catch {
      return initial
    }
  })
  const update = useCallback(
    (next: T) => {
      setValue(next)
      try {
        window.localStorage.setItem(key, JSON.stringify(next))
      } catch {
        // the preference then lasts for this page only
      }
    },
    [key],
  )
  return [value, update] as const
}
