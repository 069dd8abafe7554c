/** Why a file could not be imported. Stable codes for callers; the message names the problem. */
export type StatementErrorCode =
  'empty' | 'too-large' | 'undecodable' | 'truncated' | 'not-a-statement' | 'malformed-row'

/**
 * The one error statement import throws for bad input. Anything else escaping the importer is a
 * bug, not a bad file, so callers can map this type (and only this type) to "bad input".
 */
export class StatementError extends Error {
  override readonly name = 'StatementError'

  constructor(
    readonly code: StatementErrorCode,
    message: string,
  ) {
    super(message)
  }
}
