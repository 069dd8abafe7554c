import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'
import { reloadSession } from '@/lib/session'

// Pages are code-split: the first visit of one in a test run transforms and imports it, which on a
// busy 2-core machine can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 })

// jsdom lacks a few browser APIs that Radix and sonner touch; these stand-ins do nothing visible.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList
Element.prototype.scrollIntoView ??= function scrollIntoView() {}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}
window.scrollTo = () => {}

// every test starts signed out, with nothing stored and no fetch double left behind
afterEach(() => {
  // sonner keeps toasts in a module-wide store and replays active ones to a new Toaster
  toast.dismiss()
  cleanup()
  window.localStorage.clear()
  reloadSession()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
