import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertStorageKey, type Storage } from './storage'

/** Public URL prefix under which the app serves the local folder (app.ts). */
export const LOCAL_UPLOADS_PREFIX = '/uploads/'

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
}

/** Files in a local folder (DATA_DIR/uploads), served by the app itself. */
export function createLocalStorage(root: string): Storage & { root: string } {
  const fileOf = (key: string) => {
    assertStorageKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    root,
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
    },
    async get(key) {
      try {
        const body = await readFile(fileOf(key))
        const contentType =
          contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'
        return { body, contentType }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    url: (key) => `${LOCAL_UPLOADS_PREFIX}${key}`,
    keyFromUrl: (url) =>
      url.startsWith(LOCAL_UPLOADS_PREFIX) ? url.slice(LOCAL_UPLOADS_PREFIX.length) : null,
  }
}
