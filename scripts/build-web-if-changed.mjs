#!/usr/bin/env node
// `npm start`'s first step: build the web app (apps/web/dist) only when what goes into the build
// changed since the last successful build. The inputs (the web app's sources, public files,
// index.html and configs; the sources of the packages it bundles, @tp/api and @tp/domain; the
// lockfile; VITE_* variables, APP_URL and PORT) are hashed and compared with the stamp the last build left in
// apps/web/dist. `npm run build:web` always builds; `--force` here does too.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** What the build reads, relative to the repository root: folders are read whole. */
export const WEB_BUILD_INPUTS = [
  'apps/web',
  'packages/api/src',
  'packages/api/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-web-if-changed.mjs',
]

/** Never part of the build: installed packages, build output, caches, and tests. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test'])
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name === 'vitest.config.ts'

export const STAMP_FILE = '.build-stamp.json'
export const stampPath = (root) => path.join(root, 'apps/web/dist', STAMP_FILE)

function listFiles(root, relative, files) {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const child = path.posix.join(relative, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) listFiles(root, child, files)
    } else if (entry.isFile() && !isTestFile(entry.name)) {
      files.push(child)
    }
  }
}

/** sha256 over the inputs' paths and bytes, in a fixed order, and the VITE_* variables */
export function webSourcesHash(root = defaultRoot, env = process.env) {
  const files = []
  for (const input of WEB_BUILD_INPUTS) {
    const absolute = path.join(root, input)
    if (!existsSync(absolute)) continue
    if (statSync(absolute).isDirectory()) listFiles(root, input, files)
    else files.push(input)
  }
  files.sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  // APP_URL (and PORT, its default) give the prerendered pages' canonical URLs (decision 0025)
  for (const name of Object.keys(env)
    .filter((n) => n.startsWith('VITE_') || n === 'APP_URL' || n === 'PORT')
    .sort()) {
    hash.update(`env ${name}=${env[name]}\0`)
  }
  return hash.digest('hex')
}

/** Whether the build in apps/web/dist was made from the sources as they are now. */
export function webBuildState(root = defaultRoot, env = process.env) {
  const hash = webSourcesHash(root, env)
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    return { hash, isUpToDate: false, reason: 'no build yet' }
  }
  let stamp = null
  try {
    stamp = JSON.parse(readFileSync(stampPath(root), 'utf8'))
  } catch {
    return { hash, isUpToDate: false, reason: 'the build has no stamp' }
  }
  return stamp?.hash === hash
    ? { hash, isUpToDate: true, reason: 'built from the same sources' }
    : { hash, isUpToDate: false, reason: 'the sources changed since the last build' }
}

const buildWithVite = (root) =>
  spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' }).status ?? 1

/**
 * Builds when needed and stamps the build with the hash taken before it started (sources edited
 * during the build leave a stamp that no longer matches: the next start builds again).
 * Returns the exit code.
 */
export function buildWebIfChanged({
  root = defaultRoot,
  env = process.env,
  force = false,
  build = buildWithVite,
  log = console.log,
} = {}) {
  const state = webBuildState(root, env)
  if (state.isUpToDate && !force) {
    log(`web app: up to date (${state.reason}), not rebuilt; \`npm run build:web\` forces a build`)
    return 0
  }
  log(`web app: building (${force ? 'forced' : state.reason})`)
  const code = build(root)
  if (code !== 0) return code
  writeFileSync(
    stampPath(root),
    JSON.stringify({ hash: state.hash, builtAt: new Date().toISOString() }) + '\n',
  )
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildWebIfChanged({ force: process.argv.includes('--force') }))
}
