/** The UTC calendar month of an instant: its key 'YYYY-MM' and its bounds in ms. */
export function utcMonthOf(atMs: number): { key: string; startMs: number; endMs: number } {
  const at = new Date(atMs)
  const year = at.getUTCFullYear()
  const month = at.getUTCMonth()
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    startMs: Date.UTC(year, month, 1),
    endMs: Date.UTC(year, month + 1, 1),
  }
}
