import { z } from 'zod'
import { historySchema } from './history'
import { rulebookSchema } from './rulebook'

/** What `engine evaluate` reads: `{"rules": ..., "history": ...}` (contracts/evaluation-engine.md). */
export const evaluationInputSchema = z.object({ rules: rulebookSchema, history: historySchema })
export type EvaluationInput = z.output<typeof evaluationInputSchema>

/** One problem with the input, named by its field path, e.g. `history.snapshots[3].t`. */
export interface InputIssue {
  path: string
  message: string
}

const MAX_LISTED_ISSUES = 20

/** Input that cannot be evaluated; the message lists each problem as `path: message`. */
export class InvalidEvaluationInputError extends Error {
  readonly issues: InputIssue[]

  constructor(issues: InputIssue[]) {
    const listed = issues.slice(0, MAX_LISTED_ISSUES).map((i) => `${i.path}: ${i.message}`)
    if (issues.length > MAX_LISTED_ISSUES) {
      listed.push(`... and ${issues.length - MAX_LISTED_ISSUES} more problems`)
    }
    super(listed.join('\n'))
    this.name = 'InvalidEvaluationInputError'
    this.issues = issues
  }
}

/** Validates `{rules, history}`; throws InvalidEvaluationInputError naming every bad field. */
export function parseEvaluationInput(input: unknown): EvaluationInput {
  const result = evaluationInputSchema.safeParse(input, { reportInput: true })
  if (result.success) return result.data
  throw new InvalidEvaluationInputError(result.error.issues.flatMap(describeIssue))
}

function describeIssue(issue: z.core.$ZodIssue): InputIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: formatPath([...issue.path, key]),
      message: 'unknown field',
    }))
  }
  const path = formatPath(issue.path)
  const isMissing = 'input' in issue && issue.input === undefined
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && isMissing) {
    return [{ path, message: 'is required' }]
  }
  // zod's own wording ("Invalid input: expected number, received string") unless a schema set one
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return [{ path, message: `must be ${withArticle(issue.expected)}` }]
  }
  if (issue.code === 'invalid_value' && issue.message.startsWith('Invalid option')) {
    return [{ path, message: `must be one of ${issue.values.map(String).join(', ')}` }]
  }
  if (issue.code === 'invalid_format' && issue.format === 'datetime') {
    return [{ path, message: 'must be an ISO-8601 time with a zone, e.g. 2026-03-02T09:00:00Z' }]
  }
  return [{ path, message: issue.message }]
}

/** ['history', 'snapshots', 3, 't'] -> 'history.snapshots[3].t' */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input'
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join('')
}

function withArticle(expected: string): string {
  if (expected === 'array') return 'a list'
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}
