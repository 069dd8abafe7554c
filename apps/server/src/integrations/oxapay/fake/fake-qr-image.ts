import { createHash } from 'node:crypto'
import sharp from 'sharp'

// The picture behind the fake's `qr_code` URL. It has a QR code's look (finder squares, timing
// lines, a module grid derived from the payment) but encodes nothing: nobody can pay the fake,
// and a real encoder would be a new package for no behaviour a test could notice.

const MODULES = 29
const QUIET_ZONE = 4
const MODULE_PIXELS = 6
const SIZE = (MODULES + 2 * QUIET_ZONE) * MODULE_PIXELS

function isInFinder(row: number, column: number): boolean | null {
  for (const [top, left] of [
    [0, 0],
    [0, MODULES - 7],
    [MODULES - 7, 0],
  ] as const) {
    const r = row - top
    const c = column - left
    if (r >= -1 && r <= 7 && c >= -1 && c <= 7) {
      if (r < 0 || r > 6 || c < 0 || c > 6) return false // white separator
      const ring = Math.min(r, c, 6 - r, 6 - c)
      return ring !== 1
    }
  }
  return null
}

function modules(text: string): boolean[][] {
  const bits: boolean[] = []
  for (let block = 0; bits.length < MODULES * MODULES; block++) {
    const digest = createHash('sha256').update(`${text}#${block}`).digest()
    for (const byte of digest)
      for (let bit = 0; bit < 8; bit++) bits.push(((byte >> bit) & 1) === 1)
  }
  return Array.from({ length: MODULES }, (_, row) =>
    Array.from({ length: MODULES }, (_, column) => {
      const finder = isInFinder(row, column)
      if (finder !== null) return finder
      if (row === 6 || column === 6) return (row + column) % 2 === 0
      return bits[row * MODULES + column] ?? false
    }),
  )
}

/** A small grayscale PNG for `text` (same text, same picture). */
export async function renderFakeQrPng(text: string): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE * SIZE, 255)
  modules(text).forEach((cells, row) =>
    cells.forEach((isDark, column) => {
      if (!isDark) return
      for (let y = 0; y < MODULE_PIXELS; y++) {
        const start = ((row + QUIET_ZONE) * MODULE_PIXELS + y) * SIZE
        const offset = start + (column + QUIET_ZONE) * MODULE_PIXELS
        pixels.fill(0, offset, offset + MODULE_PIXELS)
      }
    }),
  )
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .png()
    .toBuffer()
}
