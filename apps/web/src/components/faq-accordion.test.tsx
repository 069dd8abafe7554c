import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { faqItems, landingFaqItems } from '@tp/api/content/faq'
import { FaqAccordion } from './faq-accordion'

const expanded = (question: string) =>
  screen.getByRole('button', { name: question }).getAttribute('aria-expanded')

describe('FaqAccordion', () => {
  it('keeps one answer open at a time and closes it on a second click', async () => {
    const user = userEvent.setup({ delay: null })
    render(<FaqAccordion items={faqItems} />)
    expect(screen.getAllByRole('button')).toHaveLength(20)
    const [first, second] = faqItems as [(typeof faqItems)[0], (typeof faqItems)[0]]

    await user.click(screen.getByRole('button', { name: first.question }))
    expect(expanded(first.question)).toBe('true')
    expect(screen.getByText(first.answer)).toBeVisible()

    await user.click(screen.getByRole('button', { name: second.question }))
    expect(expanded(second.question)).toBe('true')
    expect(expanded(first.question)).toBe('false')
    expect(screen.getByText(first.answer)).not.toBeVisible()

    await user.click(screen.getByRole('button', { name: second.question }))
    expect(expanded(second.question)).toBe('false')
    expect(
      screen.getAllByRole('button').every((b) => b.getAttribute('aria-expanded') === 'false'),
    ).toBe(true)
    // every answer stays in the page, hidden while closed (the prerendered HTML holds them all)
    for (const item of faqItems) expect(screen.getByText(item.answer)).not.toBeVisible()
    expect(screen.queryAllByRole('region')).toHaveLength(0)
  })

  it('opens the question a link points to and answers from the keyboard', async () => {
    const user = userEvent.setup({ delay: null })
    const target = landingFaqItems[2]!
    render(<FaqAccordion items={landingFaqItems} linkedId={target.id} />)
    expect(expanded(target.question)).toBe('true')
    expect(document.getElementById(target.id)).not.toBeNull()

    const other = landingFaqItems[0]!
    screen.getByRole('button', { name: other.question }).focus()
    await user.keyboard('{Enter}')
    expect(expanded(other.question)).toBe('true')
    expect(expanded(target.question)).toBe('false')
  })
})
