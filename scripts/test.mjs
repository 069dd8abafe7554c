#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failing stage.
// lint + format and typecheck (side by side: each is one single-threaded process) -> Vitest
// (domain, schemas, CLI, web components, API integration on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL) -> web build -> browser journeys (Chromium).
// `npm test -- <stage prefix> ...` runs only the named stages (e.g. `npm test -- lint browser`).
import { spawn } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

/** Each stage is one or more commands run at the same time; a stage passes when all of them do. */
const stages = [
  [
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ],
  [['unit + integration', 'npx', ['vitest', 'run']]],
  [['browser journeys', 'npm', ['run', '--silent', 'test:e2e']]],
]

/**
 * Runs a command. Alone, it writes straight to the terminal; beside others, its output is held
 * and printed whole when it ends, so two tools' lines never interleave.
 */
function run(name, cmd, args, alone) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const child = spawn(cmd, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    })
    const chunks = []
    child.stdout?.on('data', (c) => chunks.push(c))
    child.stderr?.on('data', (c) => chunks.push(c))
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1)
      if (!alone) {
        console.log(`\n=== ${name} ===`)
        process.stdout.write(Buffer.concat(chunks))
      }
      const ok = code === 0
      if (ok) console.log(`✓ ${name} (${seconds}s)`)
      else console.error(`\n✗ ${name} failed after ${seconds}s (${signal ?? `exit ${code}`})`)
      resolve(ok ? 0 : (code ?? 1))
    })
  })
}

const only = process.argv.slice(2)
const started = Date.now()
for (const stage of stages) {
  const steps = stage.filter(
    ([name]) => only.length === 0 || only.some((prefix) => name.startsWith(prefix)),
  )
  if (steps.length === 0) continue
  if (steps.some(([name]) => name === 'browser journeys')) ensureChromium()
  const alone = steps.length === 1
  if (alone) console.log(`\n=== ${steps[0][0]} ===`)
  else console.log(`\n=== ${steps.map(([name]) => name).join(' + ')} (side by side) ===`)
  const codes = await Promise.all(steps.map(([name, cmd, args]) => run(name, cmd, args, alone)))
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`)
