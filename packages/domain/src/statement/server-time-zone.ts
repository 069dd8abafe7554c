import { DateTime, IANAZone } from 'luxon'

// The trade server's time zone, when a caller knows it (the CLI's --server-time-zone, the
// server's saved imports): luxon's zone rules, kept out of what the browser's importer loads,
// which always keeps the printed wall clock (decision 0052).

/** Server wall-clock time "2024-03-12T05:14:04" in `zone` -> ISO-8601 UTC. */
export function zonedServerTimeToIso(local: string, zone: string): string {
  const utc = DateTime.fromISO(local, { zone }).toUTC()
  return utc.toISO({ suppressMilliseconds: true }) ?? local + 'Z'
}

export function isKnownTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone)
}
