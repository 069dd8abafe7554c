import { z } from 'zod'
import { emailSchema, newPasswordSchema, userSchema } from './auth'
import { messages } from './messages'

export const publicProfileSchema = z.object({
  name: z.string(),
  userName: z.string(),
  bio: z.string(),
  publicRole: z.string(),
  /** shown on the leaderboard (leaderboard.ts); false: opted out (absent: shown) */
  isOnLeaderboard: z.boolean().default(true),
})
export type PublicProfile = z.infer<typeof publicProfileSchema>

/** Billing profile (spec 3). Every field is required before the first save (spec 5). */
export const billingFields = [
  'firstName',
  'lastName',
  'country',
  'apartment',
  'town',
  'state',
  'companyName',
  'postalCode',
  'phone',
] as const

const billingText = (max: number) => z.string().trim().min(1, messages.validation.required).max(max)

export const billingProfileInputSchema = z.object({
  email: emailSchema,
  firstName: billingText(80),
  lastName: billingText(80),
  country: billingText(80),
  apartment: billingText(160),
  town: billingText(80),
  state: billingText(80),
  companyName: billingText(160),
  postalCode: billingText(20),
  phone: billingText(32),
})
export type BillingProfileInput = z.infer<typeof billingProfileInputSchema>
export const billingProfileSchema = billingProfileInputSchema.extend({ lockedAt: z.string() })
export type BillingProfile = z.infer<typeof billingProfileSchema>

// POST /api/profile/get {email?} -> { data: { user, profile, email, billing } }
export const profileGetSchema = z.object({ email: emailSchema.optional() })
export const profileGetResponseSchema = z.object({
  data: z.object({
    user: userSchema,
    profile: publicProfileSchema,
    email: z.string(),
    billing: billingProfileSchema.nullable(),
  }),
})

/** The public profile's fields as a user types them (the settings form checks the same). */
export const publicProfileFieldSchemas = {
  name: z.string().trim().max(100),
  userName: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-zA-Z0-9_.-]*$/, 'Username may use letters, digits, dot, dash and underscore.'),
  bio: z.string().max(1000),
  publicRole: z.string().trim().max(60),
}

// POST /api/profile/update -> { data: { updatedProfile } }
// A partial update: an omitted field stays as it is; '' clears it.
export const profileUpdateSchema = z
  .object({
    email: emailSchema.optional(),
    name: publicProfileFieldSchemas.name.optional(),
    userName: publicProfileFieldSchemas.userName.optional(),
    bio: publicProfileFieldSchemas.bio.optional(),
    publicRole: publicProfileFieldSchemas.publicRole.optional(),
    isOnLeaderboard: z.boolean().optional(),
    currentPassword: z.string().max(256).optional(),
    newPassword: newPasswordSchema(messages.validation.profilePasswordTooShort).optional(),
  })
  .refine((v) => !v.newPassword || !!v.currentPassword, {
    message: messages.validation.profilePasswordMissing,
    path: ['currentPassword'],
  })
export type ProfileUpdate = z.input<typeof profileUpdateSchema>
export const profileUpdateResponseSchema = z.object({
  data: z.object({ updatedProfile: publicProfileSchema, user: userSchema }),
})

// POST /api/profile/upload-image (multipart: image, email?) -> { data: { user, picture } }
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/**
 * The multipart form of upload-image, for the API document: the server reads the stream itself
 * (the image judged by its content, not its name or type), so this is not what validates it.
 */
export const avatarUploadFormSchema = z.object({
  image: z.file().meta({
    description: 'The picture: any raster image (PNG, JPEG, WebP, GIF...) up to 5 MB.',
  }),
  email: emailSchema.optional().meta({
    description: "The caller's own email (kept for spec 7); an admin may name any user.",
  }),
})
export const uploadImageResponseSchema = z.object({
  data: z.object({ user: userSchema, picture: z.string() }),
})

// POST /api/profile/put -> { data: { updatedProfile, user } }
export const billingPutResponseSchema = z.object({
  data: z.object({
    updatedProfile: billingProfileSchema,
    user: z.object({ email: z.string(), phone: z.string().nullable() }),
  }),
})
