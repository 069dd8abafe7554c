/**
 * A CSV cell made safe to open in a spreadsheet (CSV injection): text starting with = + - @, a
 * tab or a carriage return would be read as a formula, so it is prefixed with a quote and shown
 * as the text it is. Numbers, booleans and empty cells are left as they are.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export type CsvCell = string | number | boolean | Date | null | undefined

/** One cell as CSV text: times in ISO 8601 UTC, nothing for null, text neutralized. */
export function toCsvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return value
  return neutralizeFormula(value)
}
