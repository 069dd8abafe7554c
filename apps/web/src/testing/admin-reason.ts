import { within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import { adminReasonMessages } from '@tp/api/admin-reason'

/**
 * Confirms an admin action as an admin meets it (decision 0055): the confirm with no reason (or
 * one too short) shows the shared schema's words and sends nothing; with `reason` typed into the
 * field named `reasonLabel`, the confirm is pressed again. `sent` lists the action's requests.
 */
export async function confirmWithReason(
  user: UserEvent,
  scope: HTMLElement,
  {
    confirm,
    reasonLabel,
    reason,
    sent,
  }: { confirm: string; reasonLabel: string; reason: string; sent: () => readonly unknown[] },
) {
  const confirmButton = () => within(scope).getByRole('button', { name: confirm })
  await user.click(confirmButton())
  expect(await within(scope).findByText(adminReasonMessages.tooShort)).toBeVisible()
  expect(sent()).toHaveLength(0)

  const field = within(scope).getByLabelText(reasonLabel)
  await user.clear(field)
  await user.type(field, reason)
  await user.click(confirmButton())
}
