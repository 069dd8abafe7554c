// `npm run bench`: runs every suite in bench/suites and prints one figure per line as
// `name: value unit`. Timing is measured here and never asserted in tests.
// Usage: npm run bench [-- substring ...]   (only suites whose file name contains a substring)
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BenchSuite } from './support'

const dir = fileURLToPath(new URL('./suites/', import.meta.url))
const filters = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()

let failed = false
for (const file of files) {
  const mod = (await import(pathToFileURL(dir + file).href)) as { default: BenchSuite }
  try {
    for await (const figure of mod.default()) {
      console.log(`${figure.name}: ${formatValue(figure.value)} ${figure.unit}`)
    }
  } catch (error) {
    failed = true
    console.error(`${file} failed:`, error)
  }
}
process.exit(failed ? 1 : 0)

function formatValue(v: number): string {
  if (Number.isInteger(v)) return String(v)
  return v >= 100 ? v.toFixed(0) : v.toFixed(2)
}
