import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { precompress } from './scripts/precompress'
import { prerenderPublicPages, PUBLIC_ENTRY } from './scripts/prerender'

// In development the API server runs on its own port (npm run dev); the browser still talks to one
// origin, so the session, uploads and CSP behave exactly as in `npm start` where the server serves
// this build itself.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000'

// The public origin canonical URLs, the sitemap and robots.txt point to (decision 0025):
// VITE_SITE_ORIGIN, else APP_URL (the server's public address for emailed links), else the
// server's default address.
const siteOrigin = (
  process.env.VITE_SITE_ORIGIN ??
  process.env.APP_URL ??
  `http://localhost:${process.env.PORT ?? 3000}`
).replace(/\/+$/, '')

/**
 * The build's chunks, taken before Vite writes each lazy import's preload list, so that
 * `withoutLoadedDeps` can leave out of a list what the importing chunk's own static imports already
 * loaded (React, the router, the shell): the browser would skip them anyway, and their names in
 * every one of the router's lazy pages weighed ~2 KB gzip of the entry (decision 0051).
 */
let builtChunks: Rolldown.OutputBundle = {}
const captureChunks = (): Plugin => ({
  name: 'tp-capture-chunks',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      builtChunks = bundle
    },
  },
})

function withoutLoadedDeps(deps: string[], hostId: string): string[] {
  const loaded = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = builtChunks[fileName]
    if (loaded.has(fileName) || chunk?.type !== 'chunk') return
    loaded.add(fileName)
    chunk.imports.forEach(visit)
  }
  visit(hostId)
  return deps.filter((dep) => !loaded.has(dep))
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPublicPages(), precompress(), captureChunks()],
  define: { 'import.meta.env.VITE_SITE_ORIGIN': JSON.stringify(siteOrigin) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      // ws: the live stream (/api/stream) is a WebSocket
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  // the statement worker loads its analytics (zod, luxon, the rules engine) after the summary:
  // a module worker's own chunks need the ES format (decision 0047)
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? withoutLoadedDeps(deps, hostId) : deps,
    },
    rolldownOptions: {
      // index.html: the signed-in app (React Router); the public entry: what the prerendered
      // pages load instead, their islands hydrated with react-dom alone (decision 0029)
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        [PUBLIC_ENTRY.name]: fileURLToPath(new URL(`./${PUBLIC_ENTRY.source}`, import.meta.url)),
      },
      output: {
        // The pages' Content-Security-Policy allows no 'unsafe-eval'. zod 4 probes
        // `new Function` when a schema is built (to compile faster object parsers), which the
        // browser refuses and reports as a CSP violation on every page (Lighthouse: inspector
        // issues). Its config must be set before any schema exists, so it opens zod's chunk.
        banner: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))
            ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;'
            : '',
      },
      treeshake: {
        // decimal.js declares no `sideEffects` and has none: without this, a page that only
        // formats money (formatMoney, no Decimal) would still load the whole library
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]decimal\.js[\\/]/.test(id) ? false : undefined,
      },
    },
  },
})
