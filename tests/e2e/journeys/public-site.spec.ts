import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { registerUser } from '../support/api'
import { signIn } from '../support/pages'

// The public site, found and readable by everyone (decision 0025): every public page at a phone
// width (360 px) and a desktop width (1440 px) without sideways scrolling, with no axe-core
// violation and exactly one h1; the prerendered HTML (what a crawler or a visitor without
// JavaScript receives) carries the page's h1, title, description, canonical URL and sharing tags;
// the keyboard finds a skip link and a visible focus ring; under prefers-reduced-motion nothing
// keeps moving. The list below is the one the build prerenders (apps/web/src/config/public-pages.ts):
// the sitemap, written from that list, must name exactly these pages.

type PublicPage = { path: string; canonicalPath: string }
const publicPages: PublicPage[] = [
  '/',
  '/pricing',
  '/trading-rules',
  '/faq',
  '/about-us',
  '/testimonials',
  '/contact-us',
  '/become-a-partner',
  '/tools/statement-check',
  '/terms-&-conditions',
  '/privacy-policy',
  '/disclaimer',
].map((path) => ({ path, canonicalPath: path }))
// the landing page's alias: the same page, indexed under /
publicPages.splice(1, 0, { path: '/home', canonicalPath: '/' })

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')

/** The visible words of an HTML document: tags and React's text separators dropped. */
const textOf = (html: string) =>
  decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ')

function headValue(html: string, pattern: RegExp): string | null {
  const match = pattern.exec(html)
  return match?.[1] === undefined ? null : decodeEntities(match[1])
}

type Head = { title: string; description: string | null; canonical: string | null }

/** What the server sends for a page before any script runs. */
async function prerendered(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  expect(response.headers()['content-type'], path).toContain('text/html')
  const html = await response.text()
  const head: Head = {
    title: headValue(html, /<title>([^<]*)<\/title>/) ?? '',
    description: headValue(html, /<meta name="description" content="([^"]*)"/),
    canonical: headValue(html, /<link rel="canonical" href="([^"]*)"/),
  }
  return { html, head }
}

async function renderedHead(page: Page): Promise<Head> {
  return page.evaluate(() => ({
    title: document.title,
    description:
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  }))
}

async function expectNoSidewaysOverflow(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${path} is wider than the screen`).toBeLessThanOrEqual(innerWidth)
}

async function expectNoAxeViolations(page: Page, path: string) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('; ')}`,
    ),
    `axe-core on ${path}`,
  ).toEqual([])
}

/** Every public page, one after another in one browser context of the given width. */
async function readEveryPage(browser: Browser, request: APIRequestContext, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    reducedMotion: 'reduce',
  })
  try {
    const page = await context.newPage()
    const failures: string[] = []
    page.on('pageerror', (error) => failures.push(`${page.url()}: ${error.message}`))
    page.on('console', (message) => {
      // a hydration mismatch is reported as a console error (React #418, #423, #425)
      if (message.type() === 'error') failures.push(`${page.url()}: ${message.text()}`)
    })
    for (const { path, canonicalPath } of publicPages) {
      await test.step(`${path} at ${width} px`, async () => {
        await page.goto(path, { waitUntil: 'networkidle' })
        const h1 = page.locator('h1')
        await expect(h1, `${path} has one h1`).toHaveCount(1)
        await expect(h1).toBeVisible()
        const h1Text = (await h1.innerText()).replace(/\s+/g, ' ').trim()
        expect(h1Text.length, path).toBeGreaterThan(0)
        await expectNoSidewaysOverflow(page, path)
        await expectNoAxeViolations(page, path)

        // the prerendered HTML is the page the browser shows: same h1, same head
        const head = await renderedHead(page)
        expect(head.description, `${path} has a meta description`).toBeTruthy()
        expect(head.canonical, `${path} has a canonical URL`).toBeTruthy()
        expect(new URL(head.canonical!).pathname).toBe(encodeURI(canonicalPath))
        const served = await prerendered(request, path)
        expect(served.head, `prerendered head of ${path}`).toEqual(head)
        expect(textOf(served.html), `prerendered ${path} carries its h1`).toContain(h1Text)
        for (const tag of ['og:title', 'og:description', 'og:url', 'og:type']) {
          expect(served.html, `${path} ${tag}`).toContain(`<meta property="${tag}" content="`)
        }
        expect(served.html).toContain('<meta name="twitter:card" content="summary"/>')
      })
    }
    expect(failures, 'errors in the pages (hydration mismatches included)').toEqual([])
  } finally {
    await context.close()
  }
}

test.describe('public site', () => {
  test.describe.configure({ timeout: 240_000 })

  test('every public page at 360 px: no sideways scrolling, no axe violation, one h1, the prerendered HTML matches', async ({
    browser,
    request,
  }) => {
    await readEveryPage(browser, request, 360)
  })

  test('every public page at 1440 px: no sideways scrolling, no axe violation, one h1, the prerendered HTML matches', async ({
    browser,
    request,
  }) => {
    await readEveryPage(browser, request, 1440)
  })

  test('a visitor without JavaScript reads every public page; crawlers get the sitemap, robots.txt and structured data', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const { path } of publicPages) {
        await page.goto(path)
        await expect(page.locator('h1'), path).toHaveCount(1)
        await expect(page.locator('h1'), path).toBeVisible()
        await expect(page.locator('main'), path).not.toBeEmpty()
        await expect(page.getByRole('contentinfo'), path).toBeVisible()
        await expect(page.getByText('needs JavaScript'), path).toHaveCount(0)
      }
    } finally {
      await context.close()
    }

    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(decodeEntities(match[1]!)).pathname,
    )
    expect(locations.sort()).toEqual(
      publicPages
        .filter((p) => p.path === p.canonicalPath)
        .map((p) => encodeURI(p.path))
        .sort(),
    )
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)

    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1]!) as Record<string, unknown>,
      )
    const landing = await prerendered(request, '/')
    expect(jsonLd(landing.html).map((data) => data['@type'])).toEqual(['Organization'])
    const faq = await prerendered(request, '/faq')
    const [faqPage] = jsonLd(faq.html)
    expect(faqPage?.['@type']).toBe('FAQPage')
    const questions = faqPage!.mainEntity as { name: string; acceptedAnswer: { text: string } }[]
    expect(questions.length).toBeGreaterThanOrEqual(5)
    // the structured data describes the questions the page shows
    for (const question of questions) expect(textOf(faq.html)).toContain(question.name)
  })

  test('keyboard: the first Tab shows a skip link that moves focus into the page, and focus is always visible', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/', { waitUntil: 'networkidle' })
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    const box = await skip.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(20)
    expect(box?.height ?? 0).toBeGreaterThan(10)
    const outline = async () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element)
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
      })
    expect(await outline()).toMatchObject({ style: 'solid' })
    expect((await outline()).width).toBeGreaterThanOrEqual(2)

    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
    // the next stop is inside the page (not the navigation again), with a visible ring
    await page.keyboard.press('Tab')
    const isInMain = await page.evaluate(
      () => document.querySelector('main')?.contains(document.activeElement) ?? false,
    )
    expect(isInMain).toBe(true)
    expect(await outline()).toMatchObject({ style: 'solid' })
  })

  test('signed in: a prerendered page hydrates signed out, then shows the account menu, with no error and no layout shift', async ({
    page,
    request,
  }) => {
    const trader = await registerUser(request)
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, trader)
    await expect(page).toHaveURL(/\/user\//)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number }
      w.__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number
          hadRecentInput: boolean
        }[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    for (const path of ['/', '/faq', '/pricing']) {
      // the server's HTML is the signed-out page, whoever asks
      expect(await (await request.get(path)).text(), path).toContain('>Login</a>')
      await page.goto(path, { waitUntil: 'networkidle' })
      await expect(page.getByRole('button', { name: 'Account menu' }), path).toBeVisible()
      await expect(page.getByRole('link', { name: 'Login' }), path).toHaveCount(0)
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
      expect(cls, `layout shift on ${path}`).toBeLessThan(0.05)
    }
    expect(errors, 'errors while hydrating signed in').toEqual([])
  })

  test('prefers-reduced-motion: no public page keeps anything moving', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    })
    try {
      const page = await context.newPage()
      for (const { path } of publicPages) {
        await page.goto(path, { waitUntil: 'networkidle' })
        // scroll through the page: scroll-driven parts must stay still too
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await page.evaluate(() => window.scrollTo(0, 0))
        const moving = await page.evaluate(() =>
          document
            .getAnimations()
            .filter((animation) => {
              if (animation.playState !== 'running') return false
              const timing = animation.effect?.getComputedTiming()
              const duration = Number(timing?.duration ?? 0)
              return duration > 1 || timing?.iterations === Infinity
            })
            .map((animation) => {
              const target = (animation.effect as KeyframeEffect | null)?.target
              return `${animation.constructor.name} on ${target?.tagName.toLowerCase() ?? '?'}.${String(target?.className ?? '').slice(0, 60)}`
            }),
        )
        expect(moving, `${path} under reduced motion`).toEqual([])
      }
    } finally {
      await context.close()
    }
  })
})
