import { describe, expect, it } from 'vitest'
import { formatPhone } from './format-phone'

describe('formatPhone', () => {
  it('renders ten digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('6045550123')).toBe('(604) 555-0123')
  })

  it('ignores separators the user typed', () => {
    expect(formatPhone('604.555.0123')).toBe('(604) 555-0123')
    expect(formatPhone(' 604-555-0123 ')).toBe('(604) 555-0123')
  })

  it('renders eleven digits starting with 1 as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('16045550123')).toBe('+1 (604) 555-0123')
    expect(formatPhone('+1 604 555 0123')).toBe('+1 (604) 555-0123')
  })

  it('leaves eleven digits that do not start with 1 as typed', () => {
    expect(formatPhone('26045550123')).toBe('26045550123')
  })

  it('leaves international and partial numbers as typed', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('60455')).toBe('60455')
    expect(formatPhone('')).toBe('')
  })
})
