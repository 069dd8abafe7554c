import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { CreateAccountModal } from './create-account-modal'

/** 'Create an account' (spec 2.13): the checkout's chooser in a dialog, then checkout itself. */
export function CreateAccountButton() {
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>
        <Plus aria-hidden className="size-4" />
        Create an account
      </Button>
      <CreateAccountModal open={isOpen} onOpenChange={setIsOpen} />
    </>
  )
}
