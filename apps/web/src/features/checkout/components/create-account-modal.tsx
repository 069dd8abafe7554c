import { useState, type ReactNode } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { AccountChooser } from './account-chooser'

export type CreateAccountModalProps = {
  /** The element that opens the dialog (a Button); omit it to control the dialog with `open`. */
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/**
 * The create-account/pricing modal of spec 2.3: the chooser's selection in a dialog. Create stores
 * the selection, closes the dialog and opens checkout (or sign-in first).
 */
export function CreateAccountModal({ trigger, open, onOpenChange }: CreateAccountModalProps) {
  const [isOpenInside, setOpenInside] = useState(false)
  const isControlled = open !== undefined
  const isOpen = isControlled ? open : isOpenInside
  const setOpen = (next: boolean) => {
    if (!isControlled) setOpenInside(next)
    onOpenChange?.(next)
  }
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Create an account</DialogTitle>
          <DialogDescription>
            Pick a challenge, a platform and an account size. You pay on the next page.
          </DialogDescription>
        </DialogHeader>
        {isOpen ? (
          <AccountChooser submitLabel="Create" layout="stacked" onCreated={() => setOpen(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
