/**
 * What both table readers (read-table-rows.ts, read-table-rows-generic.ts) make of the markup
 * they keep: tag and attribute names, a cell's colspan, hidden cells and its text. One copy, so
 * the two give the same rows.
 */

export type Tag = 'tr' | 'td' | 'th' | 'html' | 'other'
export type Attribute = 'class' | 'style' | 'colspan' | null

/** The tags the readers care about, compared without allocating the name. */
export function tagAt(html: string, start: number, end: number): Tag {
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

export function attributeAt(html: string, start: number, end: number): Attribute {
  const name = html.slice(start, end).toLowerCase()
  return name === 'class' || name === 'style' || name === 'colspan' ? name : null
}

export function parseColspan(value: string): number {
  const n = Number.parseInt(value, 10)
  return Number.isFinite(n) && n > 0 ? n : 1
}

/** MT5 writes extra cells hidden by CSS; they are not part of the row. */
export function isHiddenByStyle(className: string, style: string): boolean {
  return /(?:^|\s)hidden(?:\s|$)/.test(className) || /display\s*:\s*none/i.test(style)
}

/** most cells hold one clean word or number: skip the rewrite for them */
export function normalizeSpace(text: string): string {
  if (isPlainAscii(text)) return text
  const trimmed = text.trim()
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed
}

/** printable ASCII with single spaces inside only: trim and collapse would change nothing */
function isPlainAscii(text: string): boolean {
  const last = text.length - 1
  if (last < 0) return false
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x20) {
      if (i === 0 || i === last || text.charCodeAt(i + 1) === 0x20) return false
    } else if (c < 0x21 || c > 0x7e) {
      return false
    }
  }
  return true
}
