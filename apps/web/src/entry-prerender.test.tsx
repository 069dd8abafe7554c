import { describe, expect, it } from 'vitest'
import { faqItems } from '@tp/api/content/faq'
import { documentTitle, publicPageFor, siteUrl } from '@/config/public-pages'
import { makeUser } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import {
  pageDocument,
  publicTemplate,
  robotsTxt,
  sitemapXml,
  splitHead,
} from '../scripts/prerender'
import { publicPages, renderPage, robotsDisallow, structuredData } from './entry-prerender'

// The build's prerender (decision 0025): each public page rendered by the same routes the browser
// hydrates, its head hoisted out of the markup and written into the built index.html.

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const template = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<meta name="description" content="The shell." />',
  '<title>Tradepeak</title><script type="module" src="/assets/index-abc.js"></script></head>',
  '<body><div id="root"></div><noscript>Tradepeak needs JavaScript to run.</noscript></body></html>',
].join('')

describe('prerendered public pages', () => {
  it.each(publicPages.map((page) => [page.path, page] as const))(
    '%s renders its own head and one h1, signed out even for a stored session',
    async (_, page) => {
      // the render must not read the browser's storage: the HTML is the same for everyone
      signInAs(makeUser({ email: 'trader@example.com' }))
      const { head, body } = splitHead(await renderPage(page.path, 'http://localhost'))
      expect(head).toContain(`<title>${escapeHtml(documentTitle(page.title))}</title>`)
      expect(head).toContain(`<meta name="description" content="${escapeHtml(page.description)}"/>`)
      expect(head).toContain(
        `<link rel="canonical" href="${escapeHtml(siteUrl(page.canonicalPath))}"/>`,
      )
      expect(head).toContain('<meta property="og:title"')
      expect(body.match(/<h1[\s>]/g)).toHaveLength(1)
      // the head left the markup: exactly one title in the document
      expect(body).not.toContain('<title>')
      // the visitor's part of the header is the signed-out one
      expect(body).toContain('>Login</a>')
      expect(body).not.toContain('Account menu')
      expect(body).not.toContain('trader@example.com')
    },
  )

  it('writes head, structured data and markup into the built page, without the shell defaults', () => {
    const html = pageDocument(template, {
      head: '<title>FAQ · Tradepeak</title>',
      body: '<main><h1>FAQ</h1></main>',
      structuredData: [{ '@type': 'FAQPage', text: '</script><b>' }],
    })
    expect(html).not.toContain('The shell.')
    expect(html).not.toContain('<title>Tradepeak</title>')
    expect(html).not.toContain('needs JavaScript')
    expect(html).toContain(
      '<title>FAQ · Tradepeak</title><script type="application/ld+json">{"@type":"FAQPage","text":"\\u003c/script\\u003e\\u003cb\\u003e"}</script></head>',
    )
    expect(html).toContain('<div id="root"><main><h1>FAQ</h1></main></div>')
    // the page paints from its HTML: the app's code does not compete with the stylesheet
    expect(html).toContain(
      '<script type="module" fetchpriority="low" src="/assets/index-abc.js"></script>',
    )
    expect(() =>
      pageDocument('<html><body></body></html>', { head: '', body: '', structuredData: [] }),
    ).toThrow(/root/)
  })

  it('writes the pages from index.html loading the public entry instead of the app', () => {
    const indexHtml =
      '<html><head><title>Tradepeak</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/router-abc.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
      '<link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>'
    const html = publicTemplate(indexHtml, {
      file: 'assets/public-abc.js',
      imports: ['assets/react-abc.js'],
      css: ['assets/src-abc.css'],
    })
    expect(html).not.toContain('index-abc.js')
    expect(html).not.toContain('router-abc.js')
    expect(html).not.toContain('index-abc.css')
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/public-abc.js"></script>',
    )
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/src-abc.css">')
    expect(html).toContain('<link rel="icon" href="/favicon.svg">')
    expect(html).toContain('<div id="root"></div>')
  })

  it('describes the firm on the landing page and the FAQ page question by question', () => {
    expect(structuredData('/').map((data) => (data as { '@type': string })['@type'])).toEqual([
      'Organization',
    ])
    const [faq] = structuredData('/faq') as { mainEntity: { name: string }[] }[]
    expect(faq?.mainEntity.map((question) => question.name)).toEqual(
      faqItems.map((item) => item.question),
    )
    expect(structuredData('/pricing')).toEqual([])
  })

  it('lists the indexed pages in the sitemap (escaped) and points robots.txt to it', () => {
    const xml = sitemapXml(['http://localhost:3000/', 'http://localhost:3000/terms-&-conditions'])
    expect(xml).toContain('<loc>http://localhost:3000/terms-&amp;-conditions</loc>')
    const robots = robotsTxt('https://tradepeak.example/sitemap.xml', robotsDisallow)
    expect(robots).toMatch(/^Sitemap: https:\/\/tradepeak\.example\/sitemap\.xml$/m)
    for (const path of ['/api/', '/user/', '/admin/', '/get-funded', '/reset-password']) {
      expect(robots).toContain(`\nDisallow: ${path}\n`)
    }
    // no public page is kept from crawlers
    for (const page of publicPages) {
      expect(robotsDisallow.some((path) => page.path.startsWith(path))).toBe(false)
    }
  })

  it('finds a public page by its path, encoded or with a trailing slash', () => {
    expect(publicPageFor('/terms-%26-conditions')?.title).toBe('Terms & Conditions')
    expect(publicPageFor('/faq/')?.path).toBe('/faq')
    expect(publicPageFor('/home')?.canonicalPath).toBe('/')
    expect(publicPageFor('/user/dashboard')).toBeUndefined()
    expect(publicPageFor('/%E0%A4%A')).toBeUndefined()
  })
})
