import { useState } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminReasonMessages } from '@tp/api/admin-reason'
import { Button } from '@/components/ui/button'
import { ReasonConfirmContent, ReasonConfirmDialog } from './reason-confirm-dialog'

// The admin actions' confirm (decision 0055) on its own: what each feature's dialog relies on.

function Harness({
  onConfirm,
  isRequired,
}: {
  onConfirm: (reason: string) => void
  isRequired?: boolean
}) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Close SUMMER10</Button>
      <ReasonConfirmDialog open={isOpen} onClose={() => setOpen(false)}>
        <ReasonConfirmContent
          title="Close SUMMER10?"
          description="Checkout refuses the code from now on."
          confirmLabel="Close it"
          confirmVariant="destructive"
          isPending={false}
          reason={isRequired === false ? { isRequired: false } : {}}
          onConfirm={onConfirm}
        >
          <p>Used 12 times.</p>
        </ReasonConfirmContent>
      </ReasonConfirmDialog>
    </>
  )
}

describe('ReasonConfirmDialog', () => {
  it('confirms only with a reason the shared schema accepts, and hands it over trimmed', async () => {
    const user = userEvent.setup({ delay: null })
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)

    await user.click(screen.getByRole('button', { name: 'Close SUMMER10' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Close SUMMER10?' })
    expect(dialog).toHaveAccessibleDescription('Checkout refuses the code from now on.')
    expect(within(dialog).getByText('Used 12 times.')).toBeVisible()

    await user.click(within(dialog).getByRole('button', { name: 'Close it' }))
    expect(within(dialog).getByText(adminReasonMessages.tooShort)).toBeVisible()
    expect(onConfirm).not.toHaveBeenCalled()

    await user.type(within(dialog).getByLabelText('Reason'), '  Leaked on a coupon site ')
    await user.click(within(dialog).getByRole('button', { name: 'Close it' }))
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('Leaked on a coupon site')
  })

  it('starts each opening with an empty reason', async () => {
    const user = userEvent.setup({ delay: null })
    render(<Harness onConfirm={vi.fn()} />)

    await user.click(screen.getByRole('button', { name: 'Close SUMMER10' }))
    await user.type(screen.getByLabelText('Reason'), 'half a thought')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Close SUMMER10' }))
    expect(screen.getByLabelText('Reason')).toHaveValue('')
  })

  it('confirms with no reason where the reason is optional', async () => {
    const user = userEvent.setup({ delay: null })
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} isRequired={false} />)

    await user.click(screen.getByRole('button', { name: 'Close SUMMER10' }))
    expect(screen.getByLabelText('Reason (optional)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close it' }))
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('')
  })
})
