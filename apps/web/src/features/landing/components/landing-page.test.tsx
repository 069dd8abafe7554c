import { QueryClientProvider } from '@tanstack/react-query'
import { render, within } from '@testing-library/react'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { landingFaqItems } from '@tp/api/content/faq'
import { createQueryClient } from '@/lib/react-query'
import { RouterNavigation } from '@/lib/router-navigation'
import { landingSectionIdList, landingSectionIds } from '../sections'
import { LandingPage } from './landing-page'
import { LandingSectionBody } from './landing-section'

// the bodies as the app composes them (app/islands/landing-body.tsx), the other features' parts
// (the chooser, the newsletter form) as stand-ins
const bodies: Record<string, LazyExoticComponent<ComponentType> | ComponentType> = {
  [landingSectionIds.chooser]: () => <p>Chooser stand-in</p>,
  [landingSectionIds.performance]: lazy(() => import('./performance-demo')),
  [landingSectionIds.reliability]: lazy(() => import('./reliability-figures')),
  [landingSectionIds.faq]: lazy(() => import('./landing-faq')),
  [landingSectionIds.features]: lazy(() => import('./feature-banners')),
  [landingSectionIds.showcase]: lazy(() => import('./laptop-showcase')),
  [landingSectionIds.certificates]: lazy(() => import('./certificates-strip')),
  [landingSectionIds.testimonials]: lazy(() => import('./landing-testimonials')),
  [landingSectionIds.broker]: lazy(() => import('./broker-section')),
  [landingSectionIds.newsletter]: () => <p>Newsletter form stand-in</p>,
}

function Body({ id }: { id: string }) {
  const Part = bodies[id]!
  return <Part />
}

function renderLanding(url = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <RouterNavigation>
            <main id="main">
              <LandingPage
                renderBody={({ id, reserve }) => (
                  <LandingSectionBody section={id} reserve={reserve}>
                    <Body id={id} />
                  </LandingSectionBody>
                )}
              />
            </main>
          </RouterNavigation>
        ),
      },
    ],
    { initialEntries: [url] },
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const section = (id: string) => document.getElementById(id)!

describe('landing page (spec 2.3)', () => {
  it('has every section in the spec order, each with its hash id and heading', async () => {
    renderLanding()

    const ids = [...document.querySelectorAll('main section[id]')].map((s) => s.id)
    expect(ids).toEqual(landingSectionIdList.filter((id) => id !== landingSectionIds.footer))
    for (const id of ids) {
      expect(within(section(id)).getAllByRole('heading').length).toBeGreaterThan(0)
    }
    // jsdom has no IntersectionObserver: every body mounts at once
    expect(await within(section('account-chooser')).findByText('Chooser stand-in')).toBeVisible()
    expect(within(section('newsletter')).getByText('Newsletter form stand-in')).toBeVisible()
    expect(
      await within(section('broker')).findByText('More options coming soon'),
    ).toBeInTheDocument()
    const faq = await within(section('faq')).findAllByRole('button')
    expect(faq.map((button) => button.textContent)).toEqual(
      landingFaqItems.map((item) => item.question),
    )
    expect(
      await within(section('certificates')).findAllByLabelText(/^Sample certificate: /),
    ).toHaveLength(5)
  })

  it('shows the banners still (one copy, no motion) under prefers-reduced-motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    renderLanding()

    const features = section('features')
    const items = await within(features).findAllByRole('listitem')
    expect(new Set(items.map((item) => item.textContent)).size).toBe(items.length)
    expect(features.querySelector('.tp-landing-marquee-track')).toBeNull()
    expect(within(section('dashboard-showcase')).getByTestId('laptop-showcase')).toHaveAttribute(
      'data-motion',
      'still',
    )
  })
})
