// Toasts from the app shell (guards, header, provider) without loading sonner with every page:
// the library and the Toaster load with the first toast, the first interaction or once the page is
// idle, whichever comes first (decision 0021). Features import `toast` from lib/toast, which loads
// sonner with their code and asks for the Toaster before each toast.

export type NotifyKind = 'success' | 'info' | 'warning' | 'error'

const toasterListeners = new Set<() => void>()
let isToasterWanted = false

/** Asks for the Toaster to be mounted (once); the provider listens. */
export function wantToaster() {
  if (isToasterWanted) return
  isToasterWanted = true
  for (const listener of toasterListeners) listener()
}

export function onToasterWanted(listener: () => void): () => void {
  if (isToasterWanted) listener()
  toasterListeners.add(listener)
  return () => {
    toasterListeners.delete(listener)
  }
}

/** Shows a toast; `id` keeps one toast per message when it is raised again. */
export function notify(kind: NotifyKind, message: string, options: { id?: string } = {}) {
  wantToaster()
  void import('sonner').then(({ toast }) => toast[kind](message, options))
}
