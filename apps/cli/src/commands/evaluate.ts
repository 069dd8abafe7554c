// `engine evaluate FILE.json | -`: replays a history against a rulebook with the batch evaluator
// (the reference) and prints the verdict (contracts/evaluation-engine.md). Every problem with the
// input is a UsageError naming it (exit 2, nothing on stdout).
import { readFile } from 'node:fs/promises'
import { text } from 'node:stream/consumers'
import { InvalidEvaluationInputError, evaluate } from '@tp/domain'
import { parse as locateJsonError, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { UsageError, resolveFileArgument, type CommandResult } from '../command'

const USAGE = `usage: engine evaluate FILE.json | -
  FILE.json (or standard input for -) holds {"rules": <rulebook>, "history": <history>}`

export async function runEvaluate(args: string[]): Promise<CommandResult> {
  if (args.length !== 1 || args[0] === '') throw new UsageError(USAGE)
  const source = args[0]!
  const name = source === '-' ? 'standard input' : source
  const input = parseJson(await readSource(source), name)

  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UsageError(`${name}: must be a JSON object {"rules": ..., "history": ...}`)
  }
  const { rules, history } = input as { rules?: unknown; history?: unknown }
  try {
    return { output: evaluate(rules as never, history as never) }
  } catch (error) {
    if (error instanceof InvalidEvaluationInputError) throw new UsageError(error.message)
    throw error
  }
}

async function readSource(source: string): Promise<string> {
  if (source === '-') return text(process.stdin)
  try {
    return await readFile(resolveFileArgument(source), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (code ?? 'unreadable')
    throw new UsageError(`cannot read ${source}: ${reason}`)
  }
}

/** JSON.parse, with the line and column of the first syntax error when it fails. */
function parseJson(raw: string, name: string): unknown {
  const json = raw.startsWith('\uFEFF') ? raw.slice(1) : raw
  try {
    return JSON.parse(json)
  } catch (error) {
    // V8's message does not always carry a position; a strict tolerant parser finds it
    const errors: ParseError[] = []
    locateJsonError(json, errors, { disallowComments: true, allowTrailingComma: false })
    const first = errors[0]
    if (first === undefined)
      throw new UsageError(`${name}: invalid JSON: ${(error as Error).message}`)
    const before = json.slice(0, first.offset)
    const line = before.split('\n').length
    const column = first.offset - before.lastIndexOf('\n')
    throw new UsageError(
      `${name}: invalid JSON at line ${line}, column ${column}: ${describeJsonError(first)}`,
    )
  }
}

function describeJsonError(error: ParseError): string {
  // "CloseBraceExpected" -> "close brace expected"
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
}
