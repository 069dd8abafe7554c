import { resolve } from 'node:path'

/** Bad input or usage: printed on stderr, exit code 2. The message must name the problem. */
export class UsageError extends Error {}

export interface CommandResult {
  output: unknown
}

/**
 * Where a FILE argument is. `npm run engine` runs this script from the repository root whatever
 * directory it was typed in, and tells that directory in INIT_CWD: a relative path means what it
 * meant there. Run in any other way (tsx directly), it is relative to the working directory.
 */
export function resolveFileArgument(file: string, env = process.env): string {
  const isNpmEngineScript = env.npm_lifecycle_event === 'engine' && Boolean(env.INIT_CWD)
  return resolve(isNpmEngineScript ? env.INIT_CWD! : process.cwd(), file)
}
