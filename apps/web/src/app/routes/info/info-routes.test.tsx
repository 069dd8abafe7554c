import { screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// The information pages behind their routes: each renders its document (no placeholder), names
// the document, carries its title and description as the route's handle, and has no serious
// structural accessibility problem.

const pages = [
  ['/about-us', 'About Us'],
  ['/disclaimer', 'Disclaimer'],
  ['/terms-&-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/faq', 'Frequently Asked Questions'],
  ['/trading-rules', 'Trading Rules'],
  ['/testimonials', 'Testimonials'],
] as const

describe('information routes', () => {
  it.each(pages)('%s renders "%s" with its title and description', async (url, heading) => {
    mockApi({})
    const app = renderApp(url)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(screen.queryByText(/coming soon/i)).toBeNull()
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^${heading}`)))
    const handle = app.router.state.matches.at(-1)?.route.handle as
      { title: string; description: string } | undefined
    expect(handle?.title).toBe(heading)
    expect(handle?.description.length).toBeGreaterThan(40)

    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    })
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    )
    expect(serious.map((violation) => violation.id)).toEqual([])
  })
})
