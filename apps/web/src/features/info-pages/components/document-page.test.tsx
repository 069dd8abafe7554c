import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { disclaimerDocument } from '@tp/api/content/disclaimer'
import { documentText } from '@tp/api/content/documents'
import { privacyPolicyDocument } from '@tp/api/content/privacy-policy'
import { termsDocument } from '@tp/api/content/terms'
import { getPlanPolicy } from '@tp/domain/plans'
import { DocumentPage } from './document-page'

function renderDocument(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }])
  return render(<RouterProvider router={router} />)
}

describe('DocumentPage', () => {
  it('renders the title, dates, a table of contents and an anchored h2 per section', () => {
    renderDocument(<DocumentPage document={termsDocument} />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' }),
    ).toBeInTheDocument()
    expect(screen.getByText('November 25, 2026')).toHaveAttribute('datetime', '2026-11-25')
    const contents = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(contents).getAllByRole('link')
    expect(links).toHaveLength(termsDocument.sections.length)
    for (const section of termsDocument.sections) {
      expect(within(contents).getByRole('link', { name: section.heading })).toHaveAttribute(
        'href',
        `#${section.id}`,
      )
      const heading = screen.getByRole('heading', {
        level: 2,
        name: new RegExp(`^${section.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      expect(heading.closest('section')).toHaveAttribute('id', section.id)
    }
  })

  it('shows the disclaimer’s effective date and the contact details', () => {
    renderDocument(<DocumentPage document={disclaimerDocument} />)
    expect(screen.getAllByText('April 6, 2025')[0]).toHaveAttribute('datetime', '2025-04-06')
    expect(screen.getByText(/Effective/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
  })

  it('adds the page’s own sections to the document and its table of contents', () => {
    renderDocument(
      <DocumentPage
        document={privacyPolicyDocument}
        extraSections={[{ id: 'quick-contact', heading: 'Quick contact', content: <p>form</p> }]}
      />,
    )
    expect(screen.getByRole('link', { name: 'Quick contact' })).toHaveAttribute(
      'href',
      '#quick-contact',
    )
    expect(screen.getByRole('region', { name: /Quick contact/ })).toHaveTextContent('form')
  })
})

describe('document content', () => {
  it('quotes the plans’ numbers in the terms and 30 days in the privacy policy', () => {
    const terms = documentText(termsDocument)
    const instant = getPlanPolicy('instantFund.funded')
    const twoPhase = getPlanPolicy('twoPhase.funded')
    expect(terms).toContain(`within ${instant.newsBlackoutMinutes} minutes`)
    expect(terms).toContain(`${twoPhase.feeRefundPercent}% of the fee is refunded`)
    expect(terms).toContain(`you receive ${twoPhase.profitSplitPercent.standard}% of the profit`)
    expect(terms).toContain(`at most ${twoPhase.payout!.bestDayPercent}%`)
    expect(terms).toContain(`${twoPhase.inactivityDays} days is suspended`)
    expect(documentText(privacyPolicyDocument)).toContain('within 30 days')
    expect(documentText(disclaimerDocument)).toMatch(
      /All accounts provided by Tradepeak are simulated/,
    )
  })
})
