import { Toaster as Sonner } from 'sonner'
import { TOAST_DURATION_MS } from '@tp/api/messages'
// also as a stylesheet file: sonner's own <style> injection is refused under a strict CSP
import 'sonner/dist/styles.css'

/**
 * Toasts float above the page (no layout shift) at the bottom right, clear of the header and its
 * navigation, and close after spec 8's 3000 ms.
 */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  )
}
