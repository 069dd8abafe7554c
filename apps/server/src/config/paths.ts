import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Resolved from this file, not the working directory: npm runs workspace scripts with
// cwd=apps/server, tests run from the repository root.
const here = path.dirname(fileURLToPath(import.meta.url))

export const serverRoot = path.resolve(here, '../..')
export const repoRoot = path.resolve(serverRoot, '../..')
export const defaultDataDir = path.join(repoRoot, 'data')
export const defaultWebDistDir = path.join(repoRoot, 'apps/web/dist')
export const migrationsDir = path.join(serverRoot, 'src/db/migrations')
