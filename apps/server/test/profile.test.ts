import {
  errorBodySchema,
  messages,
  profileGetResponseSchema,
  profileUpdateResponseSchema,
} from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const profileFields = {
  name: 'Ada Lovelace',
  userName: 'ada',
  bio: 'Numbers.',
  publicRole: 'Analyst',
  // off the leaderboard (on by default): saved and answered like the other fields
  isOnLeaderboard: false,
}

describe('profile/get', () => {
  it('answers the caller profile, user, email and no billing yet', async () => {
    const { user, token } = await t.createUser({ name: 'Grace' })
    const response = await t.post('/api/profile/get', { email: user.email }, { token })
    expect(response.status).toBe(200)
    const { data } = profileGetResponseSchema.parse(response.body)
    expect(data.email).toBe(user.email)
    expect(data.user.id).toBe(user.id)
    expect(data.profile).toEqual({
      name: 'Grace',
      userName: '',
      bio: '',
      publicRole: '',
      isOnLeaderboard: true,
    })
    expect(data.billing).toBeNull()
  })

  it('works without an email in the body (identity comes from the token)', async () => {
    const { user, token } = await t.createUser()
    const response = await t.post('/api/profile/get', undefined, { token })
    expect(profileGetResponseSchema.parse(response.body).data.email).toBe(user.email)
  })

  it('answers 403 when a trader names another user', async () => {
    const other = await t.createUser()
    const { token } = await t.createUser()
    const response = await t.post('/api/profile/get', { email: other.user.email }, { token })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ code: 'EMAIL_MISMATCH', message: messages.auth.emailMismatch })
  })

  it('accepts the own email in another case', async () => {
    const { user, token } = await t.createUser()
    const response = await t.post(
      '/api/profile/get',
      { email: user.email.toUpperCase() },
      { token },
    )
    expect(response.status).toBe(200)
  })

  it('lets an admin read any user, and answers 404 for an unknown one', async () => {
    const trader = await t.createUser({ name: 'Target' })
    const admin = await t.createUser({ role: 'admin' })
    const response = await t.post(
      '/api/profile/get',
      { email: trader.user.email },
      { token: admin.token },
    )
    expect(profileGetResponseSchema.parse(response.body).data.profile.name).toBe('Target')
    const missing = await t.post(
      '/api/profile/get',
      { email: 'ghost@example.com' },
      { token: admin.token },
    )
    expect(missing.status).toBe(404)
  })

  it('answers 401 to a visitor', async () => {
    expect((await t.post('/api/profile/get', {})).status).toBe(401)
  })
})

describe('profile/update', () => {
  it('saves the public profile and answers it', async () => {
    const { user, token } = await t.createUser()
    const response = await t.post(
      '/api/profile/update',
      { email: user.email, ...profileFields },
      { token },
    )
    expect(response.status).toBe(200)
    const { data } = profileUpdateResponseSchema.parse(response.body)
    expect(data.updatedProfile).toEqual(profileFields)
    expect(data.user.name).toBe('Ada Lovelace')
    const again = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token })).body,
    )
    expect(again.data.profile).toEqual(profileFields)
  })

  it('updates only the fields given: {} changes nothing, an empty string clears', async () => {
    const { token } = await t.createUser()
    const update = (body: object) => t.post('/api/profile/update', body, { token })
    const fields = { ...profileFields, userName: 'partial.ada' }
    expect((await update(fields)).status).toBe(200)

    const empty = await update({})
    expect(empty.status).toBe(200)
    expect(profileUpdateResponseSchema.parse(empty.body).data.updatedProfile).toEqual(fields)

    const bioOnly = profileUpdateResponseSchema.parse((await update({ bio: 'More numbers.' })).body)
    expect(bioOnly.data.updatedProfile).toEqual({ ...fields, bio: 'More numbers.' })

    const cleared = profileUpdateResponseSchema.parse(
      (await update({ userName: '', publicRole: '' })).body,
    )
    expect(cleared.data.updatedProfile).toEqual({
      ...fields,
      bio: 'More numbers.',
      userName: '',
      publicRole: '',
    })
    expect(cleared.data.user.name).toBe('Ada Lovelace')

    const stored = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token })).body,
    )
    expect(stored.data.profile).toEqual(cleared.data.updatedProfile)
  })

  it('refuses a user name someone else has, regardless of case', async () => {
    const first = await t.createUser()
    await t.post(
      '/api/profile/update',
      { ...profileFields, userName: 'TakenName' },
      { token: first.token },
    )
    const second = await t.createUser()
    const response = await t.post(
      '/api/profile/update',
      { ...profileFields, userName: 'takenname' },
      { token: second.token },
    )
    expect(response.status).toBe(409)
    expect(errorBodySchema.parse(response.body).message).toBe(messages.profile.userNameTaken)
  })

  it('answers 403 for a foreign email and changes nothing', async () => {
    const victim = await t.createUser({ name: 'Victim' })
    const attacker = await t.createUser()
    const response = await t.post(
      '/api/profile/update',
      { email: victim.user.email, ...profileFields, name: 'Hacked' },
      { token: attacker.token },
    )
    expect(response.status).toBe(403)
    const victimProfile = profileGetResponseSchema.parse(
      (await t.post('/api/profile/get', {}, { token: victim.token })).body,
    )
    expect(victimProfile.data.profile.name).toBe('Victim')
  })

  it('lets an admin edit another user', async () => {
    const trader = await t.createUser()
    const admin = await t.createUser({ role: 'admin' })
    const response = await t.post(
      '/api/profile/update',
      { email: trader.user.email, ...profileFields, userName: '', name: 'Edited By Admin' },
      { token: admin.token },
    )
    expect(profileUpdateResponseSchema.parse(response.body).data.user).toMatchObject({
      id: trader.user.id,
      name: 'Edited By Admin',
    })
  })

  it('changes the password with the right current one, ending other sessions only', async () => {
    const { user, password, session, token } = await t.createUser()
    const otherLogin = await t.post<{ refreshToken: string }>('/api/auth/login', {
      email: user.email,
      password,
    })
    const response = await t.post(
      '/api/profile/update',
      { ...profileFields, userName: '', currentPassword: password, newPassword: 'new-password-1' },
      { token },
    )
    expect(response.status).toBe(200)
    expect(
      (await t.post('/api/auth/login', { email: user.email, password: 'new-password-1' })).status,
    ).toBe(200)
    expect((await t.post('/api/auth/login', { email: user.email, password })).status).toBe(401)
    expect(
      (await t.post('/api/auth/refresh', { refreshToken: otherLogin.body.refreshToken })).status,
    ).toBe(401)
    expect((await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(
      200,
    )
  })

  it('refuses a password change with a wrong current password', async () => {
    const { user, password, token } = await t.createUser()
    const response = await t.post(
      '/api/profile/update',
      {
        ...profileFields,
        userName: '',
        currentPassword: 'not-my-password',
        newPassword: 'new-password-1',
      },
      { token },
    )
    expect(response.status).toBe(422)
    expect(errorBodySchema.parse(response.body)).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: messages.profile.currentPasswordWrong,
    })
    expect((await t.post('/api/auth/login', { email: user.email, password })).status).toBe(200)
  })

  it('asks for the current password when a new one is given, and 8 characters', async () => {
    const { token } = await t.createUser()
    const missing = await t.post(
      '/api/profile/update',
      { ...profileFields, newPassword: 'new-password-1' },
      { token },
    )
    expect(missing.status).toBe(422)
    expect(errorBodySchema.parse(missing.body).message).toBe(
      messages.validation.profilePasswordMissing,
    )
    const short = await t.post(
      '/api/profile/update',
      { ...profileFields, currentPassword: 'x', newPassword: 'short' },
      { token },
    )
    expect(errorBodySchema.parse(short.body).message).toBe(
      messages.validation.profilePasswordTooShort,
    )
  })
})
