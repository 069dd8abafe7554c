import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testimonials, testimonialsNotice } from '@tp/api/content/testimonials'
import { TestimonialsStrip } from './testimonials-strip'

function renderStrip() {
  const router = createMemoryRouter([{ path: '/', element: <TestimonialsStrip /> }])
  return render(<RouterProvider router={router} />)
}

describe('TestimonialsStrip', () => {
  it('shows the 20 samples once to assistive technology, labelled as samples, with a link to all', () => {
    renderStrip()
    const strip = screen.getByRole('region', { name: 'Sample testimonials' })
    expect(within(strip).getAllByRole('figure')).toHaveLength(20)
    expect(screen.getByText(testimonialsNotice)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All testimonials' })).toHaveAttribute(
      'href',
      '/testimonials',
    )
    // the second copy that makes the loop seamless is hidden from the accessibility tree
    const copies = strip.querySelectorAll('ul')
    expect(copies).toHaveLength(2)
    expect(copies[1]).toHaveAttribute('aria-hidden', 'true')
  })

  it('pauses and plays with its button', async () => {
    const user = userEvent.setup({ delay: null })
    const { container } = renderStrip()
    const root = container.querySelector('.tp-testimonials-strip')!
    expect(root).toHaveAttribute('data-paused', 'false')
    await user.click(screen.getByRole('button', { name: 'Pause testimonials' }))
    expect(root).toHaveAttribute('data-paused', 'true')
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})

describe('sample testimonials', () => {
  it('are 20 traders with a name, a country, a local initials avatar, a quote and a profit', () => {
    expect(testimonials).toHaveLength(20)
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(20)
    for (const t of testimonials) {
      expect(t.name && t.country && t.quote).toBeTruthy()
      expect(t.avatar.startsWith('data:image/svg+xml,')).toBe(true)
      const initials = t.name
        .split(' ')
        .map((word) => word[0])
        .slice(0, 2)
        .join('')
      expect(decodeURIComponent(t.avatar)).toContain(`>${initials.toUpperCase()}</text>`)
      expect(t.profit.cents).toBeGreaterThan(0)
    }
  })
})
