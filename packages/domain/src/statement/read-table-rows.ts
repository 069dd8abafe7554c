import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'

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

type Tag = 'tr' | 'td' | 'th' | 'html' | 'other'
type Attribute = 'class' | 'style' | 'colspan' | null

/**
 * HTML -> the rows of every table, in document order. MetaTrader reports are one long table
 * whose sections follow each other, so rows are all the structure the importers need.
 *
 * htmlparser2's tokenizer does the HTML (tags, attributes, entities, comments, <style>); this
 * reader keeps only rows, cells and the three attributes it needs, without building a DOM or an
 * attribute object per tag: a 10k-trade statement is ~5 MB of HTML, and a DOM for it took longer
 * than the whole import may. End tags the HTML rules let authors omit (</td>, </tr>) are implied.
 */
export function readTableRows(html: string): TableDocument {
  const rows: TableRow[] = []
  let row: TableRow | null = null
  // the open cell, as plain variables: one object per cell is made only when it closes
  let isInCell = false
  let cellText = ''
  let cellColspan = 1
  let isHeaderCell = false
  let isHiddenCell = false
  let tag: Tag = 'other'
  let attribute: Attribute = null
  let attributeValue = ''
  let className = ''
  let style = ''
  let colspan = ''
  let hasClosedDocument = false

  const closeCell = () => {
    if (isInCell && row && !isHiddenCell) {
      row.cells.push({
        text: normalizeSpace(cellText),
        colspan: cellColspan,
        isHeader: isHeaderCell,
      })
    }
    isInCell = false
  }

  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = tagAt(html, start, end)
      className = style = colspan = ''
    },
    onattribname(start, end) {
      attribute = tag === 'td' || tag === 'th' ? attributeAt(html, start, end) : null
      attributeValue = ''
    },
    onattribdata(start, end) {
      if (attribute) attributeValue += html.slice(start, end)
    },
    onattribentity(codepoint) {
      if (attribute) attributeValue += String.fromCodePoint(codepoint)
    },
    onattribend() {
      if (attribute === 'class') className = attributeValue
      else if (attribute === 'style') style = attributeValue
      else if (attribute === 'colspan') colspan = attributeValue
      attribute = null
    },
    onopentagend() {
      if (tag === 'tr') {
        closeCell()
        row = { cells: [] }
        rows.push(row)
      } else if ((tag === 'td' || tag === 'th') && row) {
        closeCell()
        isInCell = true
        cellText = ''
        cellColspan = parseColspan(colspan)
        isHeaderCell = tag === 'th'
        isHiddenCell = (className !== '' || style !== '') && isHiddenByStyle(className, style)
      }
    },
    onselfclosingtag() {
      callbacks.onopentagend(0)
    },
    ontext(start, end) {
      if (isInCell) cellText += html.slice(start, end)
    },
    ontextentity(codepoint) {
      if (isInCell) cellText += String.fromCodePoint(codepoint)
    },
    onclosetag(start, end) {
      const closed = tagAt(html, start, end)
      if (closed === 'td' || closed === 'th') {
        closeCell()
      } else if (closed === 'tr') {
        closeCell()
        row = null
      } else if (closed === 'html') {
        hasClosedDocument = true
      }
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      closeCell()
    },
  }
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks)
  tokenizer.write(html)
  tokenizer.end()

  return { rows, hasClosedDocument }
}

/** The tags the reader cares about, compared without allocating the name. */
function tagAt(html: string, start: number, end: number): Tag {
  const length = end - start
  if (length === 2 && (html.charCodeAt(start) | 0x20) === 0x74 /* t */) {
    const second = html.charCodeAt(start + 1) | 0x20
    if (second === 0x72) return 'tr'
    if (second === 0x64) return 'td'
    if (second === 0x68) return 'th'
  } else if (length === 4 && html.slice(start, end).toLowerCase() === 'html') {
    return 'html'
  }
  return 'other'
}

function attributeAt(html: string, start: number, end: number): Attribute {
  const name = html.slice(start, end).toLowerCase()
  return name === 'class' || name === 'style' || name === 'colspan' ? name : null
}

function parseColspan(value: string): number {
  const n = Number.parseInt(value, 10)
  return Number.isFinite(n) && n > 0 ? n : 1
}

function isHiddenByStyle(className: string, style: string): boolean {
  return /(?:^|\s)hidden(?:\s|$)/.test(className) || /display\s*:\s*none/i.test(style)
}

/** most cells hold one clean word or number: skip the rewrite for them */
function normalizeSpace(text: string): string {
  const trimmed = text.trim()
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed
}
