import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing; source maps are left out (only developer tools fetch them). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i

/**
 * Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) next to every text file of
 * the build, once, at build time: the server (apps/server/src/lib/serve-files.ts, @fastify/static
 * `preCompressed`) answers with the one the browser accepts, so no request pays for compressing
 * a bundle. A copy that would not be smaller than the file is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number }> {
  const files: string[] = []
  async function walk(folder: string) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile() && TEXT_FILE.test(entry.name)) files.push(full)
    }
  }
  await walk(dir)
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ])
      if (br.length < bytes.length) await writeFile(`${file}.br`, br)
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
    }),
  )
  return { files: files.length }
}

/** The Vite side: precompress the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'tp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      // after every other plugin wrote its files (the prerendered pages, scripts/prerender.ts)
      order: 'post',
      sequential: true,
      async handler() {
        if (!(await stat(outDir).catch(() => null))) return
        await precompressDir(outDir)
      },
    },
  }
}
