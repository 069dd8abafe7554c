import sharp from 'sharp'

/** A real PNG image of the given size (a colour gradient would compress; noise does not). */
export async function makePng(width = 64, height = 64): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer()
}

/** A valid image of roughly `bytes` size: uncompressed random pixels in a PNG. */
export async function makeLargePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3))
  const pixels = Buffer.alloc(side * side * 3)
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** A multipart/form-data body with the given fields and files. */
export function multipartBody(parts: {
  fields?: Record<string, string>
  files?: { field: string; filename: string; contentType: string; content: Buffer }[]
}): { payload: Buffer; contentType: string } {
  const boundary = `----tradepeak-test-${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  for (const file of parts.files ?? []) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}
