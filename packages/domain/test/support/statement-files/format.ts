import iconv from 'iconv-lite'

/**
 * How MetaTrader prints values in its reports. Numbers are ASCII in every terminal language;
 * money has a space between thousands ("100 000.00"), prices have the symbol's digits and no
 * separator ("2169.70", "1.07813"), times are the trade server's wall clock ("2024.03.12 05:14:04").
 */

/** amount in account currency -> integer cents (inputs are exact to the cent) */
export const toCents = (amount: number): number => Math.round(amount * 100)

/** cents -> "1 045.74", "-9.36", "0.00" */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
  const fraction = String(abs % 100).padStart(2, '0')
  return `${sign}${groupThousands(String(whole))}.${fraction}`
}

/** "100000" -> "100 000" */
export function groupThousands(digits: string): string {
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ' '
    out += digits[i]
  }
  return out
}

/** a price with the symbol's digits and no thousands separator: 2169.7, 2 -> "2169.70" */
export const price = (value: number, digits: number): string => value.toFixed(digits)

/** MT4 lots: always two decimals ("0.01", "1.00") */
export const mt4Lots = (lots: number): string => lots.toFixed(2)

/** MT5 volumes: as few decimals as the value needs ("0.1", "1", "0.01") */
export const mt5Volume = (lots: number): string => String(Number(lots.toFixed(8)))

/** a percentage with two decimals: "60.00", "1.89" */
export const percent = (value: number): string => value.toFixed(2)

const SERVER_TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/

/** "2024.03.12 05:14:04" -> epoch ms, reading the wall clock as UTC (for ordering only) */
export function serverTimeMs(time: string): number {
  const m = SERVER_TIME.exec(time)
  if (!m) throw new Error(`"${time}" is not a server time (YYYY.MM.DD HH:MM:SS)`)
  const [, y, mo, d, h, mi, s = '00'] = m
  return Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s)
}

/** epoch ms -> "2024.03.12 05:14:04" */
export function serverTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '.')
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** MT4's statement date: "2024.03.20 14:14:00" -> "2024 March 20, 14:14" */
export function mt4HeaderDate(time: string): string {
  const d = new Date(serverTimeMs(time))
  const hh = String(d.getUTCHours()).padStart(2, '0')
  const mm = String(d.getUTCMinutes()).padStart(2, '0')
  return `${d.getUTCFullYear()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${hh}:${mm}`
}

/** MT5's report date: "2023.08.21 09:07:41" -> "2023.08.21 09:07" */
export const mt5HeaderDate = (time: string): string => time.slice(0, 16)

/** Text as a terminal writes it into a cell: only the characters HTML cannot hold are escaped. */
export function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;')
}

/**
 * The file's bytes. `utf16le` is MT5's encoding and gets the byte-order mark MT5 writes; other
 * encodings are written as they are, without a mark and without declaring the charset, as MT4
 * writes its system code page.
 */
export function encode(html: string, encoding: string): Uint8Array {
  const isUtf16 = encoding === 'utf16le' || encoding === 'utf16be'
  const buffer = iconv.encode(html, encoding, { addBOM: isUtf16 })
  if (!isUtf16) {
    const roundTrip = iconv.decode(buffer, encoding)
    if (roundTrip !== html) throw new Error(`the statement's text cannot be written in ${encoding}`)
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}

/** text -> UTF-8 bytes (a file re-saved by an editor, or edited by a test) */
export const utf8 = (value: string): Uint8Array => new TextEncoder().encode(value)
