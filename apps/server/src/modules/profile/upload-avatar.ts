import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { randomName } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { resolveTargetUser } from '../users/resolve-target-user'
import { toUser } from '../users/user-dto'

/** Formats accepted, judged from the bytes (never the file name or the declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])
/** Refuses decompression bombs: 40 megapixels is far above any real avatar. */
const MAX_INPUT_PIXELS = 40_000_000
export const AVATAR_SIZE_PX = 256

/** Decodes an uploaded image and re-encodes it as a square WebP, or refuses it (422). */
export async function normaliseAvatar(upload: Buffer): Promise<Buffer> {
  let format: string | undefined
  try {
    ;({ format } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
  } catch {
    throw new AppError('IMAGE_INVALID')
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('IMAGE_INVALID')
  try {
    // re-encoding drops whatever else the file carried (metadata, trailing payloads)
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError('IMAGE_INVALID')
  }
}

const avatarFolder = (userId: string) => `avatars/${userId}/`

export async function uploadAvatar(
  ctx: AppContext,
  caller: Caller,
  input: { image: Buffer; email: string | undefined },
) {
  const { target } = await resolveTargetUser(ctx, caller, input.email)
  const avatar = await normaliseAvatar(input.image)
  const key = `${avatarFolder(target.id)}${randomName()}.webp`
  await ctx.storage.put(key, avatar, 'image/webp')
  const picture = ctx.storage.url(key)
  const [user] = await ctx.db
    .update(users)
    .set({ picture, updatedAt: ctx.clock.now() })
    .where(eq(users.id, target.id))
    .returning()

  // the previous upload is no longer shown anywhere (a Google photo is not ours to delete)
  const previousKey = target.picture ? ctx.storage.keyFromUrl(target.picture) : null
  if (previousKey?.startsWith(avatarFolder(target.id))) {
    await ctx.storage.delete(previousKey).catch((error: unknown) => {
      ctx.logger.warn({ err: error, key: previousKey }, 'could not delete the previous avatar')
    })
  }
  return { user: toUser(user!), picture }
}
