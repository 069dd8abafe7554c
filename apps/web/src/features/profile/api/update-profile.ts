import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  messages,
  newPasswordSchema,
  profileUpdateResponseSchema,
  publicProfileFieldSchemas,
  type ProfileUpdate,
} from '@tp/api'
import { api } from '@/lib/api-client'
import { profileQueryKey, type ProfileData } from '@/lib/profile'
import { saveUser } from '@/lib/session'

// POST /api/profile/update {name, userName, bio, publicRole[, currentPassword, newPassword]}
//   -> {data: {updatedProfile, user}}; errors {code, message}

const { name, userName, bio } = publicProfileFieldSchemas

/**
 * The profile settings form (spec 2.11) with spec 5's password rules, checked in its order:
 * when a new password is wanted, all three fields are filled, the two new ones match, and it is
 * long enough.
 */
export const profileFormSchema = z
  .object({
    name,
    userName,
    bio,
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const wantsNewPassword = value.newPassword !== '' || value.confirmPassword !== ''
    if (!wantsNewPassword) return
    const missing = (['currentPassword', 'newPassword', 'confirmPassword'] as const).filter(
      (field) => value[field] === '',
    )
    if (missing.length > 0) {
      for (const field of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: messages.validation.profilePasswordMissing,
        })
      }
      return
    }
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.validation.profilePasswordMismatch,
      })
      return
    }
    // the shared rule (length, not blank); the server also refuses breached passwords
    const checked = newPasswordSchema(messages.validation.profilePasswordTooShort).safeParse(
      value.newPassword,
    )
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: checked.error.issues[0]?.message ?? messages.validation.profilePasswordTooShort,
      })
    }
  })
export type ProfileFormInput = z.input<typeof profileFormSchema>
export type ProfileFormValues = z.output<typeof profileFormSchema>

/** The request body: the public role is kept as loaded; passwords only when changing it. */
export function toProfileUpdate(values: ProfileFormValues, publicRole: string): ProfileUpdate {
  const update: ProfileUpdate = {
    name: values.name,
    userName: values.userName,
    bio: values.bio,
    publicRole,
  }
  if (values.newPassword) {
    update.currentPassword = values.currentPassword
    update.newPassword = values.newPassword
  }
  return update
}

export async function updateProfile(update: ProfileUpdate) {
  const response = await api.post('/profile/update', update, profileUpdateResponseSchema)
  return response.data
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ updatedProfile, user }) => {
      saveUser(user)
      queryClient.setQueryData<ProfileData>(profileQueryKey, (previous) =>
        previous ? { ...previous, user, profile: updatedProfile } : previous,
      )
    },
  })
}
