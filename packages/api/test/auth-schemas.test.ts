import { describe, expect, it } from 'vitest'
import {
  credentialsSchema,
  messages,
  newPasswordSchema,
  passwordShapeProblem,
  profileUpdateSchema,
  resetPasswordSchema,
} from '../src'

describe('credentials schema', () => {
  it('normalises the email and accepts an 8-character password', () => {
    const parsed = credentialsSchema.parse({ email: '  Trader@Example.COM ', password: '12345678' })
    expect(parsed.email).toBe('trader@example.com')
  })

  it('refuses a password under 8 characters with the spec message', () => {
    const result = credentialsSchema.safeParse({ email: 'a@b.co', password: '1234567' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(messages.validation.passwordTooShort)
  })

  it('refuses an invalid email', () => {
    const result = credentialsSchema.safeParse({ email: 'not-an-email', password: '12345678' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['email'])
  })
})

describe('messages for missing and mistyped fields', () => {
  it('says a missing field is required', () => {
    const result = credentialsSchema.safeParse({})
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.validation.emailRequired,
      messages.validation.required,
    ])
  })

  it('does not call a field of the wrong type missing', () => {
    const result = credentialsSchema.safeParse({ email: 42, password: 12345678 })
    const texts = result.error?.issues.map((issue) => issue.message) ?? []
    expect(texts).toHaveLength(2)
    expect(texts).not.toContain(messages.validation.emailRequired)
    expect(texts).not.toContain(messages.validation.required)
    expect(texts[1]).toMatch(/expected string/)
  })

  it("refuses a reset without a token as 'Invalid token' (spec 5)", () => {
    const result = resetPasswordSchema.safeParse({ password: 'long-enough-1' })
    expect(result.error?.issues[0]).toMatchObject({
      path: ['token'],
      message: messages.auth.invalidToken,
    })
  })
})

describe('the new-password rule (sign-up, reset, profile change)', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(passwordShapeProblem('😀😀😀😀')).toBe('tooShort')
    expect(passwordShapeProblem('😀😀😀😀😀😀😀😀')).toBeNull()
  })

  it('refuses only-whitespace and invisible passwords with their own message', () => {
    for (const blank of [' '.repeat(8), '\t\n\r \u00a0\u2003\u3000 ', '\u200b'.repeat(8)]) {
      expect(passwordShapeProblem(blank), JSON.stringify(blank)).toBe('blank')
      const result = credentialsSchema.safeParse({ email: 'a@b.co', password: blank })
      expect(result.error?.issues[0]?.message).toBe(messages.validation.passwordBlank)
    }
    expect(passwordShapeProblem('  spaced out  ')).toBeNull()
  })

  it('keeps each form’s own words for too short', () => {
    expect(
      resetPasswordSchema.safeParse({ token: 't', password: 'short' }).error?.issues[0]?.message,
    ).toBe(messages.validation.resetPasswordTooShort)
    expect(
      profileUpdateSchema.safeParse({ currentPassword: 'x', newPassword: 'short' }).error?.issues[0]
        ?.message,
    ).toBe(messages.validation.profilePasswordTooShort)
    expect(newPasswordSchema().safeParse('short').error?.issues[0]?.message).toBe(
      messages.validation.passwordTooShort,
    )
  })
})
