import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importStatement } from '../../src/statement'
import { importStatementAsPrinted } from '../../src/statement/as-printed'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
} from '../support/statement-files'

// @tp/domain/statement/as-printed is what the browser's worker imports with (decision 0052): the
// report importStatement gives without a server time zone, from modules that never load luxon.

const statementDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/statement')

/** the packages a module and the modules it imports from this package import */
function packagesImportedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>()
  if (seen.has(file)) return packages
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^'"]*from '([^']+)'/gm)) {
    if (specifier!.startsWith('.')) {
      for (const name of packagesImportedBy(resolve(dirname(file), `${specifier}.ts`), seen)) {
        packages.add(name)
      }
    } else {
      packages.add(specifier!)
    }
  }
  return packages
}

describe('the statement importer as printed (the browser worker’s)', { timeout: 60_000 }, () => {
  it('gives the report importStatement gives without a server time zone, MT4 and MT5', () => {
    for (const { bytes } of [
      mt4DetailedStatement(randomMt4History({ trades: 60, seed: 5 })),
      mt5TradeHistoryReport(randomMt5History({ trades: 60, seed: 6 })),
    ]) {
      expect(importStatementAsPrinted(bytes)).toEqual(importStatement(bytes))
    }
  })

  it('loads no luxon; importStatement with a zone still converts the times', () => {
    const packages = [...packagesImportedBy(`${statementDir}/as-printed.ts`)]
    expect(packages).toContain('iconv-lite')
    expect(packages).not.toContain('luxon')
    expect([...packagesImportedBy(`${statementDir}/index.ts`)]).toContain('luxon')
    const { bytes } = mt4DetailedStatement(randomMt4History({ trades: 20, seed: 5 }))
    const asPrinted = importStatementAsPrinted(bytes).trades[0]!
    const zoned = importStatement(bytes, { serverTimeZone: 'Europe/Athens' }).trades[0]!
    expect(zoned.openTime).not.toBe(asPrinted.openTime)
  })
})
