// Entry of the embedded database's worker thread (see embedded-postgres.ts). A worker does not
// inherit the TypeScript loader of the process that starts it (tsx for `npm start`, Vite for
// Vitest), so it loads its TypeScript module through tsx itself.
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

await tsImport(workerData.entry, import.meta.url)
