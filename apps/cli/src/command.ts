/** Bad input or usage: printed on stderr, exit code 2. The message must name the problem. */
export class UsageError extends Error {}

export interface CommandResult {
  output: unknown
}
