// `npm run --silent engine -- <command> ...` (contracts/evaluation-engine.md, statement-report.md).
// Output contract: a JSON document on stdout and exit 0; bad input: a message on stderr, nothing
// on stdout, exit 2.
import { runEvaluate } from './commands/evaluate'
import { runReport } from './commands/report'
import { type CommandResult, UsageError } from './command'

const USAGE = `usage:
  engine evaluate FILE.json | -     replay a history against a rulebook and print the verdict
  engine report FILE                import an MT4 statement / MT5 history report and print its summary`

async function main(argv: string[]): Promise<CommandResult> {
  const [command, ...rest] = argv
  switch (command) {
    case 'evaluate':
      return runEvaluate(rest)
    case 'report':
      return runReport(rest)
    case undefined:
    case '-h':
    case '--help':
      throw new UsageError(USAGE)
    default:
      throw new UsageError(`unknown command "${command}"\n${USAGE}`)
  }
}

main(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(JSON.stringify(result.output, null, 2) + '\n')
    process.exitCode = 0
  },
  (error: unknown) => {
    const message = error instanceof UsageError ? error.message : `error: ${String(error)}`
    process.stderr.write(message.endsWith('\n') ? message : message + '\n')
    process.exitCode = 2
  },
)
