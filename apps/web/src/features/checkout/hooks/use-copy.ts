import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'

/** Spec 9.6: the copy confirmation icon shows for half a second. */
export const COPY_CONFIRMATION_MS = 500

/** Web-only copy: the browser refused the clipboard (permissions, insecure context). */
export const COPY_FAILED = 'Could not copy. Please select the text and copy it by hand.'

/** Copies text; `isCopied` is true for COPY_CONFIRMATION_MS after a copy. */
export function useCopy() {
  const [isCopied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      toast.error(COPY_FAILED)
      return
    }
    setCopied(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
  }, [])
  return { isCopied, copy }
}
