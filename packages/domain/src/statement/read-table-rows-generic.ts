import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import type { TableDocument, TableRow } from './read-table-rows'
import {
  attributeAt,
  isHiddenByStyle,
  normalizeSpace,
  parseColspan,
  tagAt,
  type Attribute,
  type Tag,
} from './table-markup'

/**
 * readTableRows for any HTML (decision 0052): htmlparser2's tokenizer does the HTML (tags,
 * attributes, every named entity, comments, CDATA, raw-text elements, a file cut inside a tag);
 * this reader keeps only rows, cells and the three attributes it needs, without a DOM or an
 * attribute object per tag. End tags the HTML rules let authors omit (</td>, </tr>) are implied.
 * The scanner of read-table-rows.ts hands a file here when it meets anything outside what
 * terminals write; both give the same rows for every file the scanner reads itself.
 */
export function readTableRowsGeneric(html: string): TableDocument {
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
