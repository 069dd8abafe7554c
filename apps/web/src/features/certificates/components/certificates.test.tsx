import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { certificateMessages, type CertificateListItem } from '@tp/api/certificates'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// /user/certificates (a grid with download and copy-link actions; loading, empty and error
// states) and the public /certificate?hash=... (verified details, or "not a valid certificate").

const trader = makeUser()
const hash = 'ab'.repeat(32)

const certificate: CertificateListItem = {
  id: '7b0c6a8e-0000-4000-8000-000000000001',
  certificate: `http://localhost/api/certificates/${hash}/certificate.png`,
  hash,
  kind: 'payout',
  title: 'Payout',
  traderName: 'Ada Lovelace',
  accountSizeCents: 10_000_000,
  currency: 'USD',
  plan: 'Two Phase',
  date: '2026-11-28',
  amountCents: 123_456,
  imageUrl: `/api/certificates/${hash}/certificate.png`,
  pdfUrl: `/api/certificates/${hash}/certificate.pdf`,
  verifyUrl: `/certificate?hash=${hash}`,
}

describe('the certificates page', () => {
  it('shows each certificate with its details, downloads and a copy-link action', async () => {
    mockApi(
      { 'GET /api/service/get-certificates': () => json(200, { result: [certificate] }) },
      { user: trader },
    )
    renderApp('/user/certificates', { user: trader })
    const image = await screen.findByRole('img', { name: /Certificate: Payout, Ada Lovelace/ })
    expect(image).toHaveAttribute('src', certificate.imageUrl)
    expect(screen.getByText('$1,234.56')).toBeInTheDocument()
    expect(screen.getByText('$100,000')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      certificate.pdfUrl,
    )
    expect(screen.getByRole('link', { name: /Download PNG/ })).toHaveAttribute(
      'href',
      certificate.imageUrl,
    )
    screen.getByRole('button', { name: /Copy link/ }).click()
    expect(await screen.findByText(certificateMessages.linkCopied)).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/certificate?hash=${hash}`,
    )
  })

  it('says how certificates are earned when there is none', async () => {
    mockApi(
      { 'GET /api/service/get-certificates': () => json(200, { result: [] }) },
      { user: trader },
    )
    renderApp('/user/certificates', { user: trader })
    expect(await screen.findByText(certificateMessages.empty)).toBeInTheDocument()
  })

  it('shows the error and offers to try again', async () => {
    mockApi(
      {
        'GET /api/service/get-certificates': () =>
          json(500, { code: 'INTERNAL', message: 'Something went wrong.' }),
      },
      { user: trader },
    )
    renderApp('/user/certificates', { user: trader })
    expect(await screen.findByRole('alert')).toHaveTextContent(certificateMessages.loadFailed)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('the public certificate page', () => {
  it('shows a genuine certificate with the verified mark', async () => {
    mockApi(
      {
        [`GET /api/certificates/${hash}`]: () =>
          json(200, { ...certificate, isVerified: true, id: undefined, certificate: undefined }),
      },
      { user: null },
    )
    renderApp(`/certificate?hash=${hash}`)
    expect(await screen.findByText(certificateMessages.verified)).toBeInTheDocument()
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /Certificate: Payout/ })).toBeInTheDocument()
  })

  it('says an unknown or missing hash is not a valid certificate, not an error', async () => {
    mockApi(
      {
        [`GET /api/certificates/${hash}`]: () =>
          json(404, { code: 'NOT_FOUND', message: certificateMessages.notValid }),
      },
      { user: null },
    )
    renderApp(`/certificate?hash=${hash}`)
    expect(await screen.findByText(certificateMessages.notValid)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so without asking the server when there is no hash', async () => {
    mockApi({}, { user: null })
    renderApp('/certificate')
    expect(await screen.findByText(certificateMessages.notValid)).toBeInTheDocument()
  })
})
