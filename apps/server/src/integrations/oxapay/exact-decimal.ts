// Exact decimal arithmetic for crypto amounts, on bigint. OxaPay sends amounts as JSON numbers
// (v1) or strings (legacy), and a crypto amount such as 0.0005999 BTC must be compared to what
// was asked for without float drift (contracts/integrations.md section 0). Amounts here are
// canonical decimal strings: no exponent, no leading "+", no trailing fraction zeros ("1.5",
// "0.0005999", "100"). A few operations are enough; decimal.js is not a dependency of the server.

type Scaled = { units: bigint; scale: number }

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/
/** Far beyond any amount or rate; bounds the size of the bigints an input can make us build. */
const MAX_EXPONENT = 100

function parse(value: string | number): Scaled {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`not a decimal number: ${value}`)
  }
  // a double prints as the shortest text that reads back as itself: 59.99 -> "59.99"
  const text = typeof value === 'number' ? String(value) : value.trim()
  const match = DECIMAL_PATTERN.exec(text)
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match ?? []
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`)
  }
  const exponent = Number(exponentText)
  if (Math.abs(exponent) > MAX_EXPONENT) throw new RangeError(`exponent out of range: ${text}`)
  let units = BigInt((whole || '0') + fraction)
  let scale = fraction.length - exponent
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: sign === '-' ? -units : units, scale }
}

function format({ units, scale }: Scaled): string {
  const isNegative = units < 0n
  const digits = (isNegative ? -units : units).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return isNegative && text !== '0' ? `-${text}` : text
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale]
}

/** A JSON number or a numeric string as a canonical decimal string; throws RangeError if neither. */
export function toDecimalString(value: string | number): string {
  return format(parse(value))
}

export function isDecimalString(value: string): boolean {
  try {
    parse(value)
    return true
  } catch {
    return false
  }
}

export function addDecimals(a: string, b: string): string {
  const [x, y, scale] = align(parse(a), parse(b))
  return format({ units: x + y, scale })
}

export function subtractDecimals(a: string, b: string): string {
  const [x, y, scale] = align(parse(a), parse(b))
  return format({ units: x - y, scale })
}

export function multiplyDecimals(a: string, b: string): string {
  const x = parse(a)
  const y = parse(b)
  return format({ units: x.units * y.units, scale: x.scale + y.scale })
}

/**
 * a / b when the quotient is a terminating decimal of at most `maxScale` places, else RangeError:
 * callers divide by prices chosen to divide exactly, and a silent rounding would hide a bug.
 */
export function divideDecimalsExact(a: string, b: string, maxScale = 40): string {
  const [x, y] = align(parse(a), parse(b))
  if (y === 0n) throw new RangeError('division by zero')
  for (let scale = 0; scale <= maxScale; scale++) {
    const numerator = x * 10n ** BigInt(scale)
    if (numerator % y === 0n) return format({ units: numerator / y, scale })
  }
  throw new RangeError(`${a} / ${b} has no exact decimal of at most ${maxScale} places`)
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(parse(a), parse(b))
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * A decimal as a JSON number, refusing any value a double cannot carry exactly (the text the
 * number prints as must read back as the same decimal).
 */
export function decimalToJsonNumber(value: string): number {
  const number = Number(value)
  if (toDecimalString(number) !== toDecimalString(value)) {
    throw new RangeError(`${value} does not survive as a JSON number`)
  }
  return number
}
