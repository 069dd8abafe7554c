import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The app's empty shell, answered for every page path that is not prerendered (decision 0025). */
const SPA_SHELL_FILE = 'spa.html'

/**
 * The prerendered pages of a build: page path -> its file, relative to the build folder
 * (dist/index.html is '/', dist/faq/index.html is '/faq').
 */
export function listPrerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>()
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(distDir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory() && entry.name !== 'assets') walk(child)
      else if (entry.isFile() && entry.name === 'index.html') pages.set(`/${relative}`, child)
    }
  }
  walk('')
  return pages
}

/** A request's page path as the build names it: decoded, without a trailing slash. */
function pagePath(url: string): string | null {
  const pathname = url.split('?')[0] ?? '/'
  try {
    const decoded = decodeURIComponent(pathname)
    return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded
  } catch {
    return null
  }
}

/**
 * Serves the built web app (apps/web/dist) when it exists. Returns the page handler for the
 * not-found handler: a GET for a prerendered public page (dist/<path>/index.html, decision 0025)
 * answers that page's HTML, any other page path (not /api) the app's shell (dist/spa.html; a
 * build without prerendered pages has only index.html), and the browser's router takes it from
 * there. Pages are always revalidated (no-cache, with their ETag); hashed assets are immutable.
 *
 * Each built asset gets its own route (no `wildcard` GET /* route): a catch-all route would take
 * every unknown GET, /api ones included, away from the not-found handlers of the API's scopes,
 * e.g. the admin guard's, which answers 401/403 for paths that do not exist. The build is fixed
 * once the server starts, so listing its files then is enough.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) return null
  const prerendered = listPrerenderedPages(distDir)
  const shellFile = existsSync(path.join(distDir, SPA_SHELL_FILE)) ? SPA_SHELL_FILE : 'index.html'
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    // nothing of the build may shadow the API or the uploads; the precompressed copies are not
    // URLs of their own (preCompressed picks them); pages are answered by the handler below
    globIgnore: ['api/**', 'uploads/**', '**/*.br', '**/*.gz', '**/*.html'],
    index: false,
    // the build writes name.br and name.gz next to each text file (apps/web/scripts/precompress.ts):
    // answer the one Accept-Encoding prefers (br, then gzip) with its Content-Encoding, else the file
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      // hashed bundles never change; everything else (pages, sitemap, robots.txt, icons) must
      // be revalidated
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`)
      res.setHeader(
        'Cache-Control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      // the same URL answers br, gzip or plain bytes: caches must key on Accept-Encoding
      res.setHeader('Vary', 'Accept-Encoding')
    },
  })
  return (request, reply) => {
    const page = pagePath(request.url)
    const file = (page !== null && prerendered.get(page)) || shellFile
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .sendFile(file, distDir, { cacheControl: false })
  }
}

/** Files of the local storage adapter, at /uploads/<key>. */
export async function registerUploads(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      // keys are random per upload, so a stored file never changes
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      res.setHeader('X-Content-Type-Options', 'nosniff')
    },
  })
}

export function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/'
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    !pathname.startsWith('/uploads/') &&
    // a missing script or image is a 404, not the page
    !/\.[a-z0-9]+$/i.test(pathname)
  )
}
