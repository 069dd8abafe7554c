import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { certificateOpenGraphTags, withHeadTags } from './certificate-open-graph'

/**
 * GET /certificate?hash=...: the web app's shell with the certificate's Open Graph tags (any
 * other hash: the shell as it is, and the page says the certificate is not valid). Registered
 * only when the built web app is served.
 */
export function certificatePageRoutes(ctx: AppContext, distDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    const shellFile = ['spa.html', 'index.html']
      .map((name) => path.join(distDir, name))
      .find((file) => existsSync(file))
    if (!shellFile) return
    const shell = await readFile(shellFile, 'utf8')
    app.get(
      '/certificate',
      {
        schema: {
          hide: true,
          querystring: z.object({ hash: z.string().max(200).optional() }).passthrough(),
        },
      },
      async (request, reply) => {
        const hash = request.query.hash
        const tags = hash ? await certificateOpenGraphTags(ctx, hash) : null
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(tags ? withHeadTags(shell, tags) : shell)
      },
    )
  }
}
