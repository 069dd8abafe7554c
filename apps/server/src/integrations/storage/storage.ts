// Where uploaded files (avatars, later certificates) live. Keys are slash-separated paths
// chosen by the app (e.g. avatars/<user>/<random>.webp), never by a user.

export type StoredObject = { body: Buffer; contentType: string }

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
  delete(key: string): Promise<void>
  /** The address a browser loads the object from. */
  url(key: string): string
  /** The key behind an address made by `url`, or null for any other address. */
  keyFromUrl(url: string): string | null
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

/** Refuses keys that could escape the storage root or need escaping. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${key}`)
  }
}
