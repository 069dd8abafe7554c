import { readFile, stat } from 'node:fs/promises'
import { assertStatementSize, importStatement, StatementError } from '@tp/domain/statement'
import { UsageError, resolveFileArgument, type CommandResult } from '../command'

const USAGE =
  'usage: engine report FILE   (FILE: an MT4 Detailed Statement or an MT5 Trade History Report)'

/** `engine report FILE` (contracts/statement-report.md): the statement's summary and trades. */
export async function runReport(args: string[]): Promise<CommandResult> {
  const [file, ...extra] = args
  if (file === undefined || extra.length > 0 || file.startsWith('-')) throw new UsageError(USAGE)

  try {
    // the size is checked before reading: a huge file is refused without holding it in memory
    const path = resolveFileArgument(file)
    assertStatementSize(await fileSize(path, file))
    return { output: importStatement(await readStatementFile(path, file)) }
  } catch (error) {
    if (error instanceof StatementError) {
      throw new UsageError(`report: cannot import ${file}: ${error.message}`)
    }
    throw error
  }
}

async function fileSize(path: string, file: string): Promise<number> {
  const info = await stat(path).catch((error: unknown) => {
    throw new UsageError(`report: cannot read ${file}: ${describeFileError(error)}`)
  })
  if (info.isDirectory()) throw new UsageError(`report: ${file} is a directory, not a file`)
  return info.size
}

async function readStatementFile(path: string, file: string): Promise<Uint8Array> {
  return readFile(path).catch((error: unknown) => {
    throw new UsageError(`report: cannot read ${file}: ${describeFileError(error)}`)
  })
}

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return error instanceof Error ? error.message : String(error)
}
