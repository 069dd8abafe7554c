import { describe, expect, it } from 'vitest'
import {
  canonicalCertificateText,
  certificateDate,
  certificateIssueKey,
  certificateKindForPass,
  type CertificateData,
} from '../src/certificates'

const data: CertificateData = {
  id: '7b0c6a8e-0000-4000-8000-000000000001',
  kind: 'payout',
  traderName: 'Ada Lovelace',
  accountSizeCents: 10_000_000,
  currency: 'USD',
  plan: 'Two Phase',
  date: '2026-11-28',
  amountCents: 123_456,
}

describe('certificate data', () => {
  it('signs the same text whatever the order of the keys (as jsonb stores them)', () => {
    const reordered = Object.fromEntries(Object.entries(data).reverse()) as CertificateData
    expect(canonicalCertificateText(reordered)).toBe(canonicalCertificateText(data))
  })

  it('any change of what the certificate states changes the text', () => {
    const text = canonicalCertificateText(data)
    for (const change of [
      { traderName: 'Ada Lovelace ' },
      { amountCents: 123_457 },
      { accountSizeCents: 20_000_000 },
      { date: '2026-11-29' },
      { kind: 'funded' as const, amountCents: null },
      { plan: 'Instant Funding' },
      { id: '7b0c6a8e-0000-4000-8000-000000000002' },
    ]) {
      expect(canonicalCertificateText({ ...data, ...change })).not.toBe(text)
    }
  })

  it('one certificate per account and kind, and per payout', () => {
    const accountId = 'acc'
    expect(certificateIssueKey({ accountId, kind: 'funded' })).toBe('acc:funded')
    expect(certificateIssueKey({ accountId, kind: 'payout', payoutId: 'p1', amountCents: 5 })).toBe(
      'acc:payout:p1',
    )
    expect(() => certificateIssueKey({ accountId, kind: 'payout', amountCents: 5 })).toThrow(
      /payout id/,
    )
    expect(() => certificateIssueKey({ accountId, kind: 'payout', payoutId: 'p1' })).toThrow(
      /positive amount/,
    )
    expect(() =>
      certificateIssueKey({ accountId, kind: 'payout', payoutId: 'p1', amountCents: 0 }),
    ).toThrow(/positive amount/)
    expect(() => certificateIssueKey({ accountId, kind: 'phase1', amountCents: 5 })).toThrow(
      /no payout or amount/,
    )
  })

  it('a pass of phase 1 or 2 earns its certificate; a funded account never passes', () => {
    expect(certificateKindForPass('phase1')).toBe('phase1')
    expect(certificateKindForPass('phase2')).toBe('funded')
    expect(certificateKindForPass('funded')).toBeNull()
  })

  it('dates are the UTC day', () => {
    expect(certificateDate(new Date('2026-11-28T23:59:59-05:00'))).toBe('2026-11-29')
  })
})
