import { avatarUrl } from '@/lib/avatar-url'
import { usePublicConfig } from '@/lib/public-config'

/** The address of a user's avatar, following the deployment's avatar base address. */
export function useAvatarUrl(picture: string | null | undefined): string | null {
  const config = usePublicConfig()
  return avatarUrl(picture, config.data?.avatarBaseUrl ?? '')
}
