import { readTableRowsGeneric } from './read-table-rows-generic'
import { attributeAt, isHiddenByStyle, normalizeSpace, parseColspan, tagAt } from './table-markup'

export interface TableCell {
  /** text with entities decoded and whitespace (including &nbsp;) collapsed and trimmed */
  text: string
  colspan: number
  isHeader: boolean
}

/** One <tr> of the report with its visible cells only (MT5 writes extra cells hidden by CSS). */
export interface TableRow {
  cells: TableCell[]
}

export interface TableDocument {
  rows: TableRow[]
  /**
   * Whether the document reached its closing </html>. The terminal always writes it; without it
   * the file was cut somewhere, and the importer decides whether the cut lost any trade rows.
   */
  hasClosedDocument: boolean
}

/**
 * HTML -> the rows of every table, in document order. MetaTrader reports are one long table
 * whose sections follow each other, so rows are all the structure the importers need.
 *
 * The markup terminals write is read by a scanner made for it (decision 0052): it jumps from
 * one `<` to the next with indexOf and looks only at tags, the three attributes of a cell and
 * the text inside cells. Anything else it meets - an entity other than &nbsp; &amp; &lt; &gt;
 * &quot; &apos; or a plain numeric one, CDATA, <textarea> or <plaintext>, a file cut inside a
 * tag or a comment - sends the whole file to htmlparser2's reader (read-table-rows-generic.ts),
 * whose rows the scanner's equal wherever it does not hand over (read-table-rows.test.ts).
 */
export function readTableRows(html: string): TableDocument {
  return scanTableRows(html) ?? readTableRowsGeneric(html)
}

const GT = 0x3e
const SLASH = 0x2f
const BANG = 0x21
const QUESTION = 0x3f
const EQUALS = 0x3d
const DOUBLE_QUOTE = 0x22
const SINGLE_QUOTE = 0x27

const isWhitespace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d
/** what ends a tag or attribute name (NaN past the end ends nothing: the caller bails) */
const isEndOfTagSection = (c: number) => c === SLASH || c === GT || isWhitespace(c)
const isAsciiAlpha = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)

/** Elements whose content is text up to their end tag (HTML's raw text and RCDATA elements). */
const RAW_TEXT_ELEMENTS = ['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes']
const ESCAPABLE_RAW_TEXT_ELEMENTS = ['title']

/** Gives up: the file goes to the generic reader. */
class HandOver {}
const HAND_OVER = new HandOver()

/**
 * The scanner; null when the file holds markup it leaves to the generic reader. Exported for the
 * tests that hold its rows to the generic reader's.
 */
export function scanTableRows(html: string): TableDocument | null {
  try {
    return scan(html)
  } catch (error) {
    if (error === HAND_OVER) return null
    throw error
  }
}

function scan(html: string): TableDocument {
  const length = html.length
  const rows: TableRow[] = []
  let cells: TableCell[] | null = null
  // the open cell, as plain variables: one object per cell is made only when it closes
  let isInCell = false
  let cellText = ''
  let cellColspan = 1
  let isHeaderCell = false
  let isHiddenCell = false
  let hasClosedDocument = false

  const closeCell = () => {
    if (isInCell && cells && !isHiddenCell) {
      cells.push({ text: normalizeSpace(cellText), colspan: cellColspan, isHeader: isHeaderCell })
    }
    isInCell = false
  }

  /** where the next `>` is, from `from` on; none: the file was cut inside markup */
  const endOfMarkup = (from: number) => {
    const end = html.indexOf('>', from)
    if (end === -1) throw HAND_OVER
    return end
  }

  let i = 0
  while (i < length) {
    const lt = html.indexOf('<', i)
    const textEnd = lt === -1 ? length : lt
    if (isInCell && textEnd > i) cellText += decodeText(html, i, textEnd)
    if (lt === -1) break

    const next = html.charCodeAt(lt + 1)
    if (isAsciiAlpha(next)) {
      // an opening tag: its name, then attributes up to `>`
      const nameStart = lt + 1
      let j = nameStart + 1
      while (j < length && !isEndOfTagSection(html.charCodeAt(j))) j++
      if (j >= length) throw HAND_OVER
      const nameEnd = j
      const tag = tagAt(html, nameStart, nameEnd)
      const isCellTag = tag === 'td' || tag === 'th'
      let className = ''
      let style = ''
      let colspan = ''
      for (;;) {
        while (j < length && (isWhitespace(html.charCodeAt(j)) || html.charCodeAt(j) === SLASH)) j++
        if (j >= length) throw HAND_OVER
        if (html.charCodeAt(j) === GT) break
        // an attribute: its first character is part of its name whatever it is
        const attributeStart = j
        j++
        while (
          j < length &&
          !isEndOfTagSection(html.charCodeAt(j)) &&
          html.charCodeAt(j) !== EQUALS
        )
          j++
        const attribute = isCellTag ? attributeAt(html, attributeStart, j) : null
        while (j < length && isWhitespace(html.charCodeAt(j))) j++
        if (j >= length) throw HAND_OVER
        let value = ''
        if (html.charCodeAt(j) === EQUALS) {
          j++
          while (j < length && isWhitespace(html.charCodeAt(j))) j++
          if (j >= length) throw HAND_OVER
          const quote = html.charCodeAt(j)
          let valueStart: number
          let valueEnd: number
          if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
            valueStart = j + 1
            valueEnd = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", valueStart)
            if (valueEnd === -1) throw HAND_OVER
            j = valueEnd + 1
          } else {
            valueStart = j
            while (j < length && !isWhitespace(html.charCodeAt(j)) && html.charCodeAt(j) !== GT) j++
            if (j >= length) throw HAND_OVER
            valueEnd = j
          }
          if (attribute) value = attributeValue(html, valueStart, valueEnd)
        }
        if (attribute === 'class') className = value
        else if (attribute === 'style') style = value
        else if (attribute === 'colspan') colspan = value
      }
      // j is at the tag's `>`
      if (tag === 'tr') {
        closeCell()
        cells = []
        rows.push({ cells })
      } else if (isCellTag && cells) {
        closeCell()
        isInCell = true
        cellText = ''
        cellColspan = parseColspan(colspan)
        isHeaderCell = tag === 'th'
        isHiddenCell = (className !== '' || style !== '') && isHiddenByStyle(className, style)
      }
      i = j + 1
      const textElement = tag === 'other' ? textElementAt(html, nameStart, nameEnd) : null
      if (textElement) {
        // raw text (CSS, scripts) or a title: text up to the element's own end tag
        const close = endTagOf(html, textElement, i)
        if (isInCell && close > i) {
          cellText += textElement === 'title' ? decodeText(html, i, close) : html.slice(i, close)
        }
        i = endOfMarkup(close + 2 + textElement.length) + 1
      }
    } else if (next === SLASH) {
      const nameStart = lt + 2
      if (isAsciiAlpha(html.charCodeAt(nameStart))) {
        let j = nameStart + 1
        while (j < length && !isEndOfTagSection(html.charCodeAt(j))) j++
        if (j >= length) throw HAND_OVER
        const closed = tagAt(html, nameStart, j)
        if (closed === 'td' || closed === 'th') {
          closeCell()
        } else if (closed === 'tr') {
          closeCell()
          cells = null
        } else if (closed === 'html') {
          hasClosedDocument = true
        }
        i = endOfMarkup(j) + 1
      } else {
        // `</>` is nothing, `</ ...>` or `</1...>` a bogus comment: up to the next `>`
        i = endOfMarkup(nameStart) + 1
      }
    } else if (next === BANG) {
      if (html.startsWith('--', lt + 2)) {
        const start = lt + 4
        // `<!-->` and `<!--->` close at once: left to the generic reader
        if (html.charCodeAt(start) === GT || html.startsWith('->', start)) throw HAND_OVER
        const dashes = html.indexOf('-->', start)
        // `--!>` ends it too when it ends first: looked for only before the `-->`, so a file of
        // many comments is not searched to its end for each
        const before = html.slice(start, dashes === -1 ? length : dashes + 2).indexOf('--!>')
        if (before !== -1) i = start + before + 4
        else if (dashes !== -1) i = dashes + 3
        else throw HAND_OVER
      } else if (html.charCodeAt(lt + 2) === 0x5b /* [ */) {
        throw HAND_OVER // CDATA and its look-alikes
      } else {
        // <!DOCTYPE ...> and bogus comments <!...>
        i = endOfMarkup(lt + 2) + 1
      }
    } else if (next === QUESTION) {
      i = endOfMarkup(lt + 2) + 1 // <?xml ...> is a bogus comment in HTML
    } else {
      // `<` not starting markup is text
      if (lt + 1 >= length) throw HAND_OVER
      if (isInCell) cellText += '<'
      i = lt + 1
    }
  }
  closeCell()
  return { rows, hasClosedDocument }
}

/** The raw text or title element an opening tag's name is, compared as the tokenizer does. */
function textElementAt(html: string, start: number, end: number): string | null {
  const first = html.charCodeAt(start) | 0x20
  // textarea and plaintext are never written by a terminal: left to the generic reader
  if (isNamed(html, start, end, 'textarea') || isNamed(html, start, end, 'plaintext')) {
    throw HAND_OVER
  }
  for (const name of RAW_TEXT_ELEMENTS) {
    if (name.charCodeAt(0) === first && isNamed(html, start, end, name)) return name
  }
  for (const name of ESCAPABLE_RAW_TEXT_ELEMENTS) {
    if (name.charCodeAt(0) === first && isNamed(html, start, end, name)) return name
  }
  return null
}

/** ASCII letters compared without case (`c | 0x20`, as htmlparser2 does); lowercase `name` */
function isNamed(html: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false
  for (let k = 0; k < name.length; k++) {
    if ((html.charCodeAt(start + k) | 0x20) !== name.charCodeAt(k)) return false
  }
  return true
}

/** Where `</name` followed by a space, `/` or `>` starts, from `from` on. */
function endTagOf(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 1)) {
    const after = at + 2 + name.length
    if (after >= html.length) break
    if (isNamed(html, at + 2, after, name) && isEndOfTagSection(html.charCodeAt(after))) {
      // htmlparser2 matches `<` and `/` as `c | 0x20`: \x1c and \x0f would end the text too
      if (hasCaseFoldedMarkup(html, from, at)) throw HAND_OVER
      return at
    }
  }
  throw HAND_OVER // an element left open to the end of the file
}

function hasCaseFoldedMarkup(html: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = html.charCodeAt(k)
    if (c === 0x1c || c === 0x0f) return true
  }
  return false
}

/** A cell attribute's value; an entity in it is left to the generic reader. */
function attributeValue(html: string, start: number, end: number): string {
  const value = html.slice(start, end)
  if (value.includes('&')) throw HAND_OVER
  return value
}

/** the named entities terminals write, with their `;` */
function namedEntity(name: string): string | undefined {
  switch (name) {
    case 'nbsp':
      return '\u00a0'
    case 'amp':
      return '&'
    case 'lt':
      return '<'
    case 'gt':
      return '>'
    case 'quot':
      return '"'
    case 'apos':
      return "'"
    default:
      return undefined
  }
}
const LONGEST_NUMERIC_ENTITY = 8 // "#x10FFFF"

/**
 * Text between tags with its entities decoded: the named ones terminals write (with their `;`)
 * and numeric ones `&#39;` `&#x27;`; any other `&` is left to the generic reader, which decodes
 * as browsers do (legacy names without `;`, the Windows-1252 numbers 128-159, ...).
 */
function decodeText(html: string, start: number, end: number): string {
  const raw = html.slice(start, end)
  let amp = raw.indexOf('&')
  if (amp === -1) return raw
  let text = ''
  let from = 0
  while (amp !== -1) {
    const semicolon = raw.indexOf(';', amp + 1)
    if (semicolon === -1) throw HAND_OVER
    const name = raw.slice(amp + 1, semicolon)
    let decoded = namedEntity(name)
    if (decoded === undefined) {
      if (name.charCodeAt(0) !== 0x23 /* # */ || name.length > LONGEST_NUMERIC_ENTITY) {
        throw HAND_OVER
      }
      decoded = String.fromCodePoint(numericEntity(name))
    }
    text += raw.slice(from, amp) + decoded
    from = semicolon + 1
    amp = raw.indexOf('&', from)
  }
  return text + raw.slice(from)
}

/** "#39" or "#x27" -> its code point; anything a browser would replace goes to the generic reader */
function numericEntity(name: string): number {
  const isHex = name.charCodeAt(1) === 0x78 /* x */ || name.charCodeAt(1) === 0x58 /* X */
  const digits = name.slice(isHex ? 2 : 1)
  if (!(isHex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) throw HAND_OVER
  const codePoint = Number.parseInt(digits, isHex ? 16 : 10)
  const isPlain =
    (codePoint >= 0x01 && codePoint < 0x80) ||
    (codePoint >= 0xa0 && codePoint < 0xd800) ||
    (codePoint > 0xdfff && codePoint <= 0x10ffff)
  if (!isPlain) throw HAND_OVER
  return codePoint
}
