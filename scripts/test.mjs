#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
// lint + format -> typecheck -> Vitest (domain, schemas, CLI, web components, API integration on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL) -> web build -> browser journeys (Chromium).
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit + integration', 'npx', ['vitest', 'run']],
  ['browser journeys', 'npm', ['run', '--silent', 'test:e2e']],
]

const only = process.argv.slice(2)
const started = Date.now()
for (const [name, cmd, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue
  if (name === 'browser journeys') ensureChromium()
  const t0 = Date.now()
  console.log(`\n=== ${name} ===`)
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${name} (${seconds}s)`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`)
