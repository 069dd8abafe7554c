// The real MetaTrader exports of ../shared/fixtures/mt-statements: beside the repository (as CI
// has it), never copied into it. A fresh clone on its own has no ../shared; the conformance suites
// that read them are then skipped, by name. CI sets REQUIRE_REAL_EXPORTS=1, where their absence
// fails the run instead.
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const REAL_EXPORTS_DIR = fileURLToPath(
  new URL('../../../../../shared/fixtures/mt-statements/', import.meta.url),
)
export const MT4_EXPORT = `${REAL_EXPORTS_DIR}mt4-detailed-statement.htm`
export const MT5_EXPORT = `${REAL_EXPORTS_DIR}mt5-history-report-bg.html`

/** The name the conformance suites run under: a run without the exports lists it as skipped. */
export const CONFORMANCE_SUITE = 'conformance: real MetaTrader exports in ../shared/fixtures'

export const hasRealExports = existsSync(MT4_EXPORT) && existsSync(MT5_EXPORT)
if (!hasRealExports) {
  if (process.env.REQUIRE_REAL_EXPORTS === '1') {
    throw new Error(`REQUIRE_REAL_EXPORTS=1 but the real exports are not in ${REAL_EXPORTS_DIR}`)
  }
  // named in the run's output whatever the reporter (the default one counts skipped tests only)
  console.info(`skipped: ${CONFORMANCE_SUITE} (no ${REAL_EXPORTS_DIR})`)
}

export const readExport = (path: string): Uint8Array => new Uint8Array(readFileSync(path))
export const readExportText = (path: string): string => readFileSync(path, 'utf8')
