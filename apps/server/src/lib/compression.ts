import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compresses every text answer made at request time (API JSON, error bodies, the OpenAPI docs):
 * brotli when the browser accepts it, gzip otherwise, nothing when Accept-Encoding asks for
 * neither. Bodies under 1 KB stay plain (the encoding costs more than it saves). The web app's
 * built files are compressed once at build time (apps/web/scripts/precompress.ts) and served as
 * they are by serve-files.ts; an answer that already carries a Content-Encoding is left alone.
 *
 * WebSocket upgrades never reach the compressor: their reply is hijacked before onSend.
 *
 * Register before any route: the plugin adds its hooks to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // quality 11 is for build time; at request time 4 compresses JSON nearly as well, ~20x faster
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
}
