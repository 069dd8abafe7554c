import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { messages, type User } from '@tp/api'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const trader = makeUser()
const profile = {
  name: 'Tess Trader',
  userName: 'tess',
  bio: 'Swing trader.',
  publicRole: 'trader',
}

function profileApi(handlers: Record<string, Handler> = {}, user: User = trader) {
  return mockApi(
    {
      'POST /api/profile/get': () =>
        json(200, { data: { user, profile, email: user.email, billing: null } }),
      ...handlers,
    },
    { user },
  )
}

async function openProfile() {
  const app = renderApp('/profilesetting', { user: trader })
  await screen.findByLabelText('Your Name')
  return app
}

async function fillPasswords(
  app: ReturnType<typeof renderApp>,
  values: { current?: string; next?: string; confirm?: string },
) {
  if (values.current) await app.user.type(screen.getByLabelText('Current Password'), values.current)
  if (values.next) await app.user.type(screen.getByLabelText('New Password'), values.next)
  if (values.confirm) await app.user.type(screen.getByLabelText('Confirm Password'), values.confirm)
  await app.user.click(screen.getByRole('button', { name: 'Save Changes' }))
}

describe('profile settings: password rules (spec 5)', () => {
  it('asks for the current and confirm passwords when a new one is given', async () => {
    profileApi()
    const app = await openProfile()

    await fillPasswords(app, { next: 'a-new-password' })

    expect(await screen.findAllByText(messages.validation.profilePasswordMissing)).toHaveLength(2)
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('refuses new passwords that do not match', async () => {
    profileApi()
    const app = await openProfile()

    await fillPasswords(app, {
      current: 'old-password',
      next: 'a-new-password',
      confirm: 'other-pass',
    })

    expect(await screen.findByText(messages.validation.profilePasswordMismatch)).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('refuses a new password under 8 characters', async () => {
    profileApi()
    const app = await openProfile()

    await fillPasswords(app, { current: 'old-password', next: 'short', confirm: 'short' })

    expect(await screen.findByText(messages.validation.profilePasswordTooShort)).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})

describe('profile settings: confirmation dialog (spec 2.11)', () => {
  it('asks for confirmation, and Cancel sends nothing', async () => {
    const api = profileApi()
    const app = await openProfile()

    await app.user.clear(screen.getByLabelText('Your Name'))
    await app.user.type(screen.getByLabelText('Your Name'), 'Tess T.')
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }))

    const dialog = await screen.findByRole('alertdialog', { name: messages.profile.confirmTitle })
    expect(dialog).toHaveTextContent(messages.profile.confirmText)
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(api.callsTo('POST /api/profile/update')).toHaveLength(0)
    expect(screen.getByLabelText('Your Name')).toHaveValue('Tess T.')
  })

  it('sends the profile on Ok, without passwords when none was changed', async () => {
    const api = profileApi({
      'POST /api/profile/update': (call) =>
        json(200, {
          data: { updatedProfile: { ...profile, ...(call.body as object) }, user: trader },
        }),
    })
    const app = await openProfile()

    await app.user.clear(screen.getByLabelText('Your Bio'))
    await app.user.type(screen.getByLabelText('Your Bio'), 'Trades the London open.')
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('alertdialog')
    await app.user.click(within(dialog).getByRole('button', { name: 'Ok' }))

    expect(await screen.findByText(messages.profile.updated)).toBeInTheDocument()
    expect(api.callsTo('POST /api/profile/update')).toHaveLength(1)
    expect(api.callsTo('POST /api/profile/update')[0]!.body).toEqual({
      name: 'Tess Trader',
      userName: 'tess',
      bio: 'Trades the London open.',
      publicRole: 'trader',
    })
  })

  it('sends the current and new passwords when changing it, then clears the fields', async () => {
    const api = profileApi({
      'POST /api/profile/update': () =>
        json(200, { data: { updatedProfile: profile, user: trader } }),
    })
    const app = await openProfile()

    await fillPasswords(app, {
      current: 'old-password',
      next: 'a-new-password',
      confirm: 'a-new-password',
    })
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }),
    )

    expect(await screen.findByText(messages.profile.updated)).toBeInTheDocument()
    expect(api.callsTo('POST /api/profile/update')[0]!.body).toMatchObject({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
    })
    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveValue(''))
  })

  it("shows the server's reason when the update is refused", async () => {
    profileApi({
      'POST /api/profile/update': () =>
        json(422, {
          code: 'CURRENT_PASSWORD_WRONG',
          message: messages.profile.currentPasswordWrong,
        }),
    })
    const app = await openProfile()

    await fillPasswords(app, {
      current: 'not-my-password',
      next: 'a-new-password',
      confirm: 'a-new-password',
    })
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }),
    )

    expect(await screen.findByText(messages.profile.currentPasswordWrong)).toBeInTheDocument()
  })

  it("says 'Something went wrong!' when the server gives no reason", async () => {
    profileApi({ 'POST /api/profile/update': () => new Response(null, { status: 502 }) })
    const app = await openProfile()

    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }),
    )

    expect(await screen.findByText(messages.profile.failed)).toBeInTheDocument()
  })
})

describe('profile settings: avatar', () => {
  it('uploads an image and shows the new avatar from the avatar base address', async () => {
    const withPicture = { ...trader, picture: '/uploads/avatars/user-1.webp' }
    const api = profileApi({
      'POST /api/profile/upload-image': () =>
        json(200, { data: { user: withPicture, picture: withPicture.picture } }),
    })
    const app = await openProfile()

    const file = new File(['png-bytes'], 'me.png', { type: 'image/png' })
    await app.user.upload(screen.getByLabelText('Upload image'), file)

    await waitFor(() => expect(api.callsTo('POST /api/profile/upload-image')).toHaveLength(1))
    const body = api.callsTo('POST /api/profile/upload-image')[0]!.body as FormData
    expect(body.get('image')).toBeInstanceOf(File)
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({
        picture: '/uploads/avatars/user-1.webp',
      }),
    )
  })

  it('refuses a file that is not an image before uploading', async () => {
    const api = profileApi()
    await openProfile()

    // a browser's file picker can be told to show all files; the page must still refuse them
    const user = userEvent.setup({ applyAccept: false, delay: null })
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('Upload image'), file)

    expect(await screen.findByText(messages.validation.imageOnly)).toBeInTheDocument()
    expect(api.callsTo('POST /api/profile/upload-image')).toHaveLength(0)
  })

  it("says 'Failed to upload image.' when the server refuses it", async () => {
    profileApi({
      'POST /api/profile/upload-image': () =>
        json(422, { code: 'IMAGE_INVALID', message: messages.validation.imageOnly }),
    })
    const app = await openProfile()

    await app.user.upload(
      screen.getByLabelText('Upload image'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    )

    expect(await screen.findByText(messages.profile.uploadFailed)).toBeInTheDocument()
  })
})

describe('profile settings by keyboard', () => {
  it('reaches the avatar upload, every field and Save with Tab, and confirms with the keyboard', async () => {
    const api = profileApi({
      'POST /api/profile/update': () =>
        json(200, { data: { updatedProfile: profile, user: trader } }),
    })
    const app = await openProfile()

    const save = screen.getByRole('button', { name: 'Save Changes' })
    const reached: Element[] = []
    for (let i = 0; i < 30 && !reached.includes(save); i += 1) {
      await app.user.tab()
      if (document.activeElement) reached.push(document.activeElement)
    }
    for (const label of [
      'Upload image',
      'Your Name',
      'Username',
      'Your Bio',
      'Current Password',
      'New Password',
      'Confirm Password',
    ]) {
      expect(reached, label).toContain(screen.getByLabelText(label))
    }
    expect(reached).toContain(save)

    await app.user.keyboard('{Enter}')
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    within(dialog).getByRole('button', { name: 'Ok' }).focus()
    await app.user.keyboard('{Enter}')

    await waitFor(() => expect(api.callsTo('POST /api/profile/update')).toHaveLength(1))
    expect(await screen.findByText(messages.profile.updated)).toBeInTheDocument()
  })
})
