import { toast as sonnerToast, type ExternalToast } from 'sonner'
import { wantToaster } from './notify'

// The features' toasts. The Toaster mounts on demand (decision 0021), so a toast raised with no
// interaction first (a payment confirmed, a limit warning from the live stream, a page opened
// after a redirect) must ask for it, or sonner keeps it with nothing to show it. Features import
// `toast` from here, never from sonner (a lint rule holds them to it).

type Message = Parameters<typeof sonnerToast.success>[0]
type Kind = 'success' | 'info' | 'warning' | 'error'

function shown(kind: Kind) {
  return (message: Message, options?: ExternalToast) => {
    wantToaster()
    return sonnerToast[kind](message, options)
  }
}

export const toast = {
  success: shown('success'),
  info: shown('info'),
  warning: shown('warning'),
  error: shown('error'),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
}
