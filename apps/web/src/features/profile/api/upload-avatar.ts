import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AVATAR_MAX_BYTES, messages, uploadImageResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'
import { profileQueryKey, type ProfileData } from '@/lib/profile'
import { saveUser } from '@/lib/session'

// POST /api/profile/upload-image multipart {image} -> {data: {user, picture}}

/**
 * A first, friendly check in the browser; the server judges the file by its content and
 * re-encodes it, so this is a convenience, not a defence.
 */
export function checkAvatarFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.validation.imageOnly
  if (file.size > AVATAR_MAX_BYTES) return messages.validation.imageTooLarge
  return null
}

export async function uploadAvatar(file: File) {
  const body = new FormData()
  body.append('image', file)
  const response = await api.post('/profile/upload-image', body, uploadImageResponseSchema)
  return response.data
}

export function useUploadAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ user }) => {
      saveUser(user)
      queryClient.setQueryData<ProfileData>(profileQueryKey, (previous) =>
        previous ? { ...previous, user } : previous,
      )
    },
  })
}
