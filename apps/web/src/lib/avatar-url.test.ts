import { describe, expect, it } from 'vitest'
import { avatarUrl } from './avatar-url'

describe('avatarUrl', () => {
  it('prefixes uploaded avatar paths with the avatar base address', () => {
    expect(avatarUrl('/uploads/avatars/a.webp', 'https://cdn.example.com/')).toBe(
      'https://cdn.example.com/uploads/avatars/a.webp',
    )
    expect(avatarUrl('uploads/a.webp', 'https://cdn.example.com')).toBe(
      'https://cdn.example.com/uploads/a.webp',
    )
  })

  it('keeps same-origin uploads relative when the base address is empty', () => {
    expect(avatarUrl('/uploads/a.webp', '')).toBe('/uploads/a.webp')
  })

  it('leaves absolute pictures such as a Google photo untouched', () => {
    const google = 'https://lh3.googleusercontent.com/a/uploads-photo'
    expect(avatarUrl(google, 'https://cdn.example.com')).toBe(google)
  })

  it('has no address when there is no picture', () => {
    expect(avatarUrl(null, 'https://cdn.example.com')).toBeNull()
    expect(avatarUrl('', 'https://cdn.example.com')).toBeNull()
  })
})
