import { lazy, Suspense, useEffect, useState } from 'react'
import { onToasterWanted, wantToaster } from '@/lib/notify'
import { getSession } from '@/lib/session'

// sonner and its styles load with the Toaster, not with every page's first load (decision 0021)
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
)

const interactionEvents = ['pointerdown', 'keydown', 'touchstart'] as const
/** A visitor who neither interacts nor is shown a toast gets the Toaster this long after load. */
const VISITOR_TOASTER_DELAY_MS = 3_000

/**
 * The Toaster, mounted with the first toast (notify asks for it) or the first interaction (which
 * may lead to a feature's toast); for a visitor also a moment after the page loaded. So a page
 * that shows no toast does not load sonner before it is idle, a signed-in page included (their
 * pages' toasts as they open, e.g. after a payment, go through notify and mount it: decision
 * 0041). Toasts raised before it mounts are shown when it does (sonner keeps them). In tests it
 * mounts at once.
 */
export function DeferredToaster() {
  const [isWanted, setIsWanted] = useState(import.meta.env.MODE === 'test')
  useEffect(() => {
    if (isWanted) return
    const stopListening = onToasterWanted(() => setIsWanted(true))
    for (const type of interactionEvents) {
      window.addEventListener(type, wantToaster, { passive: true, once: true })
    }
    let timer: number | undefined
    const startTimer = () => {
      if (getSession() === null) timer = window.setTimeout(wantToaster, VISITOR_TOASTER_DELAY_MS)
    }
    if (document.readyState === 'complete') startTimer()
    else window.addEventListener('load', startTimer, { once: true })
    return () => {
      stopListening()
      for (const type of interactionEvents) window.removeEventListener(type, wantToaster)
      window.removeEventListener('load', startTimer)
      window.clearTimeout(timer)
    }
  }, [isWanted])
  if (!isWanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
