/**
 * Instants at the engine's boundary. Input times are ISO-8601 with Z or an offset (checked by
 * the schemas); the engine works in epoch milliseconds and prints UTC, so one instant always
 * prints the same way whatever offset it was written with.
 */
export function parseInstant(iso: string): number {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO-8601 instant: ${iso}`)
  return ms
}

/** `2026-03-09T15:00:00Z`; milliseconds only when there are some (`...:00.250Z`). */
export function formatInstant(ms: number): string {
  const iso = new Date(ms).toISOString()
  return iso.endsWith('.000Z') ? iso.slice(0, -5) + 'Z' : iso
}
