import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin, ResolvedConfig } from 'vite'

// Build-time prerender of the public pages (decision 0025). After the browser build, a second,
// server-side build of src/entry-prerender.tsx renders every page of config/public-pages.ts with
// React's static renderer and React Router's static handler; each page is written as
// dist/<path>/index.html (the landing page as dist/index.html) from the built index.html, with
// the page's head (title, description, canonical, sharing tags) and its structured data. The
// unrendered shell, for every other path, is kept as dist/spa.html. /sitemap.xml and
// /robots.txt come from the same list. The precompress plugin then compresses them all.

/** The file the server answers for paths that are not prerendered: the app's empty shell. */
export const SPA_SHELL_FILE = 'spa.html'
/**
 * The entry of the prerendered pages (decision 0029): it hydrates a page's islands with react-dom
 * alone. The pages are written from the built index.html with its script and preloads swapped for
 * this entry's (publicTemplate).
 */
export const PUBLIC_ENTRY = { name: 'public', source: 'src/public-main.tsx' } as const

/** A built entry chunk: its file, the chunks it imports up front and its stylesheets. */
export type BuiltEntry = { file: string; imports: string[]; css: string[] }

/** index.html loading `entry` instead of the app's entry (its script, preloads, stylesheets). */
export function publicTemplate(indexHtml: string, entry: BuiltEntry): string {
  const tags = [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...entry.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...entry.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('\n    ')
  const withoutApp = indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
  if (!withoutApp.includes('</head>')) throw new Error('index.html has no </head>')
  return withoutApp.replace('</head>', `  ${tags}\n  </head>`)
}

type PrerenderModule = {
  renderPage: (path: string, origin: string) => Promise<string>
  publicPages: readonly { path: string; canonicalPath: string }[]
  siteOrigin: string
  siteUrl: (path: string) => string
  structuredData: (path: string) => object[]
  robotsDisallow: readonly string[]
}

/** Elements React hoists out of the tree: written before the markup when there is no <head>. */
const LEADING_HOISTABLE =
  /^\s*(?:<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>|<style\b[^>]*>[\s\S]*?<\/style>)/

/** Splits React's output into the hoisted head elements and the app's markup. */
export function splitHead(html: string): { head: string; body: string } {
  let rest = html
  const head: string[] = []
  for (let match = LEADING_HOISTABLE.exec(rest); match; match = LEADING_HOISTABLE.exec(rest)) {
    head.push(match[0].trim())
    rest = rest.slice(match[0].length)
  }
  return { head: head.join(''), body: rest }
}

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/** The built index.html with the page's head, structured data and markup in place. */
export function pageDocument(
  template: string,
  page: { head: string; body: string; structuredData: object[] },
): string {
  const jsonLd = page.structuredData
    .map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`)
    .join('')
  const withoutDefaults = template
    // the page's own title and description replace the shell's
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    // a prerendered page is readable without JavaScript
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
  if (!withoutDefaults.includes('<div id="root"></div>')) {
    throw new Error('index.html has no empty <div id="root"></div> to fill')
  }
  return (
    withoutDefaults
      // the HTML is the page: the app's code comes after what paints it (the stylesheet, images)
      .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
      .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
      .replace('</head>', `${page.head}${jsonLd}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`)
  )
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`
}

export function robotsTxt(sitemapUrl: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${encodeURI(path)}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n')
}

/** dist/<path>/index.html of a public path ('/' is dist/index.html). */
export function pageFile(outDir: string, pagePath: string): string {
  return path.join(outDir, ...pagePath.split('/').filter(Boolean), 'index.html')
}

async function buildRenderer(config: ResolvedConfig, tempDir: string): Promise<PrerenderModule> {
  const { build } = await import('vite')
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: config.resolve.alias },
    define: config.define,
    // the workspace packages are TypeScript sources: bundle them; node_modules stay imports
    ssr: { noExternal: [/^@tp\//] },
    build: {
      ssr: path.join(config.root, 'src/entry-prerender.tsx'),
      outDir: tempDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'entry-prerender.mjs' } },
    },
  })
  return (await import(
    pathToFileURL(path.join(tempDir, 'entry-prerender.mjs')).href
  )) as PrerenderModule
}

/** The Vite side: after the browser build, render and write the public pages. */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig
  let publicEntry: BuiltEntry | undefined
  return {
    name: 'tp-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item]] : [],
        ),
      )
      const entry = [...chunks.values()].find(
        (chunk) => chunk.isEntry && chunk.name === PUBLIC_ENTRY.name,
      )
      if (!entry) return
      // the stylesheets of the entry and of every chunk it imports up front
      const css = new Set<string>()
      const seen = new Set<string>()
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName)
        if (!chunk || seen.has(fileName)) return
        seen.add(fileName)
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
        chunk.imports.forEach(visit)
      }
      visit(entry.fileName)
      publicEntry = { file: entry.fileName, imports: entry.imports, css: [...css] }
    },
    closeBundle: {
      // before precompress (which runs last) compresses what is written here
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return
        const outDir = path.resolve(config.root, config.build.outDir)
        // inside node_modules so that the render's imports (react, react-router...) resolve;
        // one folder per build, as several builds may run at once
        const tempDir = path.join(
          config.root,
          'node_modules/.cache/tp-prerender',
          `${process.pid}-${Date.now()}`,
        )
        try {
          const renderer = await buildRenderer(config, tempDir)
          if (!publicEntry) throw new Error(`no '${PUBLIC_ENTRY.name}' entry in the build`)
          const template = publicTemplate(
            await readFile(path.join(outDir, 'index.html'), 'utf8'),
            publicEntry,
          )
          await copyFile(path.join(outDir, 'index.html'), path.join(outDir, SPA_SHELL_FILE))
          for (const page of renderer.publicPages) {
            const html = await renderer
              .renderPage(page.path, renderer.siteOrigin)
              .catch((error) => {
                // a page that cannot render on the server (window or storage read during render,
                // a route that throws) fails the build, named
                throw new Error(`prerender of ${page.path} failed: ${String(error)}`, {
                  cause: error,
                })
              })
            const file = pageFile(outDir, page.path)
            await mkdir(path.dirname(file), { recursive: true })
            const document = pageDocument(template, {
              ...splitHead(html),
              structuredData: renderer.structuredData(page.path),
            })
            await writeFile(file, document)
          }
          const indexed = renderer.publicPages.filter((page) => page.canonicalPath === page.path)
          await writeFile(
            path.join(outDir, 'sitemap.xml'),
            sitemapXml(indexed.map((page) => renderer.siteUrl(page.path))),
          )
          await writeFile(
            path.join(outDir, 'robots.txt'),
            robotsTxt(renderer.siteUrl('/sitemap.xml'), renderer.robotsDisallow),
          )
          config.logger.info(
            `prerendered ${renderer.publicPages.length} public pages, sitemap.xml and robots.txt`,
          )
        } finally {
          await rm(tempDir, { recursive: true, force: true })
        }
      },
    },
  }
}
