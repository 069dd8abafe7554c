// `npm run bench`: runs every suite in bench/suites and prints one figure per line as
// `name: value unit`. Timing is measured here and never asserted in tests.
// Usage: npm run bench [-- substring ...]   (only suites whose file name contains a substring)
//        npm run bench -- --readme            (every suite, then README's benchmark section is
//                                              rewritten from this one run, baselines beside)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BenchSuite } from './support'

const dir = fileURLToPath(new URL('./suites/', import.meta.url))
const args = process.argv.slice(2)
const isWritingReadme = args.includes('--readme')
const filters = args.filter((arg) => arg !== '--readme')
const printed: string[] = []
const startedAt = new Date()
const loadAtStart = loadavg()[0]!.toFixed(1)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()

let failed = false
for (const file of files) {
  const mod = (await import(pathToFileURL(dir + file).href)) as { default: BenchSuite }
  try {
    for await (const figure of mod.default()) {
      const line = `${figure.name}: ${formatValue(figure.value)} ${figure.unit}`
      printed.push(line)
      console.log(line)
    }
  } catch (error) {
    failed = true
    console.error(`${file} failed:`, error)
  }
}
// README's section is one whole run: a filtered run never rewrites it
if (isWritingReadme && filters.length === 0 && !failed) writeReadmeSection()
process.exit(failed ? 1 : 0)

/**
 * README's benchmark section, between its markers, from this run only: every figure as printed,
 * each same-run baseline (a figure whose name says baseline) right under the figure it belongs
 * to, as the suites yield them.
 */
function writeReadmeSection() {
  const readme = fileURLToPath(new URL('../README.md', import.meta.url))
  const text = readFileSync(readme, 'utf8')
  const start = '<!-- bench:start -->'
  const end = '<!-- bench:end -->'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} ... ${end} section`)
  const day = startedAt.toISOString().slice(0, 10)
  const section = [
    start,
    '',
    `One run of \`npm run bench\` on ${day}: ${cpus().length} cores, Node ${process.version},`,
    `load average ${loadAtStart} at the start. A figure named \`...-baseline-...\` is the same run's`,
    'baseline of the figure above it; compare ratios, not absolute values, across runs.',
    '',
    '```',
    ...printed,
    '```',
    '',
    end,
  ].join('\n')
  writeFileSync(readme, text.slice(0, from) + section + text.slice(to + end.length))
  console.log(`README.md: benchmark section rewritten (${printed.length} figures)`)
}

function formatValue(v: number): string {
  if (Number.isInteger(v)) return String(v)
  return v >= 100 ? v.toFixed(0) : v.toFixed(2)
}
