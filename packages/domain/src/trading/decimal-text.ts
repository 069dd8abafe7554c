/**
 * Decimal strings <-> whole numbers of a fixed decimal unit, exactly (no float on the way):
 * "1.0835" with 5 digits is 108350; 108350 with 5 digits prints "1.08350".
 */

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d+))?$/

/**
 * The whole number of 10^-digits units in `text`, or null when it is not a plain decimal, has
 * non-zero digits beyond `digits`, or is outside the safe integer range.
 */
export function parseFixed(text: string, digits: number): number | null {
  const match = decimalPattern.exec(text.trim())
  if (!match) return null
  const [, sign, whole = '', fraction = ''] = match
  if (/[1-9]/.test(fraction.slice(digits))) return null
  const units = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'))
  if (!Number.isSafeInteger(units)) return null
  return sign === '-' && units !== 0 ? -units : units
}

/** `units` x 10^-digits as a decimal string with exactly `digits` decimals. */
export function formatFixed(units: number, digits: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a whole number of units: ${units}`)
  const sign = units < 0 ? '-' : ''
  const text = String(Math.abs(units)).padStart(digits + 1, '0')
  if (digits === 0) return sign + text
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** formatFixed without trailing zeros: 10 units of 5 digits -> "0.0001", 100 of 2 -> "1". */
export function formatFixedTrimmed(units: number, digits: number): string {
  const text = formatFixed(units, digits)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}
