/** True when `error` (or its cause, as drizzle wraps driver errors) violates `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown }
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint
    }
    if (typeof current !== 'object') break
  }
  return false
}
