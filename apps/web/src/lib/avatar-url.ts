/**
 * The address to load an avatar from. Uploaded avatars are stored as paths containing 'uploads'
 * and are served from the avatar base address (spec 3); other pictures (a Google profile photo)
 * are already absolute.
 */
export function avatarUrl(
  picture: string | null | undefined,
  avatarBaseUrl: string,
): string | null {
  if (!picture) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(picture) || !picture.includes('uploads')) return picture
  const base = avatarBaseUrl.replace(/\/+$/, '')
  return `${base}${picture.startsWith('/') ? '' : '/'}${picture}`
}
