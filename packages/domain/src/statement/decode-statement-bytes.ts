import { analyse } from 'chardet'
import iconv from 'iconv-lite'
import { StatementError } from './statement-error'

export interface DecodedStatement {
  text: string
  /** the encoding the bytes were read as (iconv-lite name) */
  encoding: string
  /** how the encoding was chosen, in the order of contracts/statement-report.md */
  source: 'bom' | 'utf16-pattern' | 'declared' | 'utf8' | 'legacy-guess'
}

/**
 * Code pages a Windows MetaTrader terminal writes, keyed by the names chardet reports. Guesses
 * outside this list are skipped: an MT4 statement is never KOI8-R or EUC-JP, and a wrong guess
 * there would garble names while a later candidate is usually right. ISO-8859 guesses map to
 * the Windows code page that extends them.
 */
const LEGACY_CODE_PAGES: Readonly<Record<string, string>> = {
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'windows-1253': 'windows-1253',
  'windows-1254': 'windows-1254',
  'windows-1255': 'windows-1255',
  'windows-1256': 'windows-1256',
  'windows-1257': 'windows-1257',
  'windows-1258': 'windows-1258',
  'windows-874': 'windows-874',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-2': 'windows-1250',
  'ISO-8859-7': 'windows-1253',
  'ISO-8859-8': 'windows-1255',
  'ISO-8859-9': 'windows-1254',
  GB18030: 'gb18030', // superset of GBK (code page 936)
  Big5: 'cp950',
  Shift_JIS: 'cp932',
  'EUC-KR': 'cp949',
}
const FALLBACK_CODE_PAGE = 'windows-1252'

/** Enough non-ASCII text for a confident guess; names and labels repeat beyond it. */
const GUESS_SAMPLE_BYTES = 64 * 1024
const DECLARED_CHARSET_SCAN_BYTES = 4096

const utf8Strict = new TextDecoder('utf-8', { fatal: true })

/**
 * Bytes of an exported statement -> text. Order (contracts/statement-report.md): byte-order mark,
 * else a charset declared in a <meta> tag, else UTF-8 when the bytes are valid UTF-8, else the
 * legacy code page chardet finds most likely among those terminals write.
 */
export function decodeStatementBytes(bytes: Uint8Array): DecodedStatement {
  if (bytes.length === 0) throw new StatementError('empty', 'the file is empty')

  const bom = detectBom(bytes)
  if (bom) return { text: iconv.decode(bytes, bom), encoding: bom, source: 'bom' }

  const utf16 = detectUtf16WithoutBom(bytes)
  if (utf16) return { text: iconv.decode(bytes, utf16), encoding: utf16, source: 'utf16-pattern' }

  const declared = findDeclaredCharset(bytes)
  if (declared && declared !== 'utf8') {
    return { text: iconv.decode(bytes, declared), encoding: declared, source: 'declared' }
  }

  try {
    return { text: utf8Strict.decode(bytes), encoding: 'utf8', source: 'utf8' }
  } catch {
    // not UTF-8 (a declared "utf-8" that is not is treated as undeclared): a legacy code page
  }

  const codePage = guessLegacyCodePage(bytes)
  return { text: iconv.decode(bytes, codePage), encoding: codePage, source: 'legacy-guess' }
}

function detectBom(b: Uint8Array): string | null {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf8'
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf16le'
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf16be'
  return null
}

/** HTML starts with ASCII ("<!DOCTYPE", "<html"): in UTF-16 every other byte of it is zero. */
function detectUtf16WithoutBom(b: Uint8Array): string | null {
  if (b.length < 4) return null
  if (b[0] !== 0 && b[1] === 0 && b[2] !== 0 && b[3] === 0) return 'utf16le'
  if (b[0] === 0 && b[1] !== 0 && b[2] === 0 && b[3] !== 0) return 'utf16be'
  return null
}

function findDeclaredCharset(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, DECLARED_CHARSET_SCAN_BYTES))
  const match = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)
  const name = match?.[1]?.toLowerCase()
  if (!name || !iconv.encodingExists(name)) return null
  const canonical = name.replace(/[^a-z0-9]/g, '')
  // A 16-bit charset declared in bytes we just read as 8-bit text is a copy-paste accident.
  if (canonical.startsWith('utf16') || canonical.startsWith('utf32')) return null
  return canonical === 'utf8' ? 'utf8' : name
}

function guessLegacyCodePage(bytes: Uint8Array): string {
  for (const candidate of analyse(nonAsciiText(bytes))) {
    const codePage = LEGACY_CODE_PAGES[candidate.name]
    if (codePage) return codePage
  }
  return FALLBACK_CODE_PAGE
}

/**
 * The text between tags that holds non-ASCII bytes, one piece a line. Markup and numbers are
 * ASCII in every language and would drown the few labels and names that tell code pages apart.
 * Cutting at "<" and ">" never splits a character: no lead or trail byte of GBK, Big5 or
 * Shift_JIS takes those values.
 */
function nonAsciiText(bytes: Uint8Array): Uint8Array {
  const LT = 0x3c
  const GT = 0x3e
  const sample = new Uint8Array(Math.min(bytes.length, GUESS_SAMPLE_BYTES))
  let length = 0
  let start = 0
  let hasHighByte = false
  for (let i = 0; i <= bytes.length && length < sample.length; i++) {
    const b = i < bytes.length ? bytes[i]! : LT
    if (b === LT || b === GT) {
      if (hasHighByte) {
        const piece = bytes.subarray(start, Math.min(i, start + sample.length - length - 1))
        sample.set(piece, length)
        length += piece.length
        sample[length++] = 0x0a
      }
      start = i + 1
      hasHighByte = false
    } else if (b >= 0x80) {
      hasHighByte = true
    }
  }
  return sample.subarray(0, length)
}

function latin1(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!)
  return s
}
