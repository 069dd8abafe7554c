import { describe, expect, it } from 'vitest'
import { postSignInPath, safeReturnPath } from './post-sign-in-path'

describe('postSignInPath', () => {
  it('returns a trader to the trader page they were sent away from', () => {
    expect(
      postSignInPath('trader', { redirectTo: '/user/billing?tab=2', hasCheckoutSelection: true }),
    ).toBe('/user/billing?tab=2')
  })

  it('returns an admin to the admin page they were sent away from', () => {
    expect(
      postSignInPath('admin', { redirectTo: '/admin/useraccount', hasCheckoutSelection: false }),
    ).toBe('/admin/useraccount')
  })

  it('ignores a return path the role may not enter', () => {
    expect(postSignInPath('trader', { redirectTo: '/admin', hasCheckoutSelection: false })).toBe(
      '/user/dashboard',
    )
    expect(
      postSignInPath('admin', { redirectTo: '/user/billing', hasCheckoutSelection: false }),
    ).toBe('/admin/dashboard')
  })

  it('continues to checkout when a plan was picked before signing in', () => {
    expect(postSignInPath('trader', { hasCheckoutSelection: true })).toBe('/get-funded')
  })

  it('sends each role to its own dashboard otherwise', () => {
    expect(postSignInPath('trader', { hasCheckoutSelection: false })).toBe('/user/dashboard')
    expect(postSignInPath('admin', { hasCheckoutSelection: false })).toBe('/admin/dashboard')
  })
})

describe('safeReturnPath', () => {
  it('refuses other origins, protocol-relative and backslash tricks', () => {
    expect(safeReturnPath('https://evil.example/user')).toBeNull()
    expect(safeReturnPath('//evil.example/user')).toBeNull()
    expect(safeReturnPath('/\\evil.example')).toBeNull()
    expect(safeReturnPath('javascript:alert(1)')).toBeNull()
  })

  it('refuses the sign-in pages themselves, so sign-in cannot loop', () => {
    expect(safeReturnPath('/login?redirectTo=/user')).toBeNull()
    expect(safeReturnPath('/signup')).toBeNull()
  })

  it('keeps the query and hash of a path on this site', () => {
    expect(safeReturnPath('/pricing?size=3#plans')).toBe('/pricing?size=3#plans')
  })
})
