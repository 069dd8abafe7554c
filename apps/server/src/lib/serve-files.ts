import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Serves the built web app (apps/web/dist) when it exists. Returns the SPA fallback for the
 * not-found handler: any GET for a page path (not /api) answers index.html, and the browser's
 * router takes it from there.
 *
 * Each built file gets its own route (no `wildcard` GET /* route): a catch-all route would take
 * every unknown GET, /api ones included, away from the not-found handlers of the API's scopes,
 * e.g. the admin guard's, which answers 401/403 for paths that do not exist. The build is fixed
 * once the server starts, so listing its files then is enough.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) return null
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    // nothing of the build may shadow the API or the uploads; the precompressed copies are not
    // URLs of their own (preCompressed picks them)
    globIgnore: ['api/**', 'uploads/**', '**/*.br', '**/*.gz'],
    index: ['index.html'],
    // the build writes name.br and name.gz next to each text file (apps/web/scripts/precompress.ts):
    // answer the one Accept-Encoding prefers (br, then gzip) with its Content-Encoding, else the file
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      // hashed bundles never change; the page itself must always be revalidated
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`)
      res.setHeader(
        'Cache-Control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      // the same URL answers br, gzip or plain bytes: caches must key on Accept-Encoding
      res.setHeader('Vary', 'Accept-Encoding')
    },
  })
  return (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .sendFile('index.html', distDir, { cacheControl: false })
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
