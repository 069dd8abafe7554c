import { ImageUp } from 'lucide-react'
import { useId, type ChangeEvent } from 'react'
import { toast } from '@/lib/toast'
import { messages, type User } from '@tp/api'
import { Avatar } from '@/components/ui/avatar'
import { Spinner } from '@/components/ui/spinner'
import { useAvatarUrl } from '@/hooks/use-avatar-url'
import { ApiError } from '@/lib/api-client'
import { checkAvatarFile, useUploadAvatar } from '../api/upload-avatar'

/** The avatar with its upload link (spec 2.11): images only, at most 5 MB. */
export function AvatarUpload({ user }: { user: User }) {
  const inputId = useId()
  const upload = useUploadAvatar()
  const src = useAvatarUrl(user.picture)

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    // the same file chosen again must fire change again
    input.value = ''
    if (!file) return
    const problem = checkAvatarFile(file)
    if (problem) {
      toast.error(problem)
      return
    }
    upload.mutate(file, {
      onError: (error) =>
        toast.error(messages.profile.uploadFailed, {
          description: error instanceof ApiError ? error.serverMessage : undefined,
        }),
    })
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar
        src={src}
        name={user.name || user.email}
        alt="Your avatar"
        className="size-20 text-2xl"
      />
      <div className="grid gap-1">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          onChange={handleChange}
          disabled={upload.isPending}
        />
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md text-sm font-semibold text-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-wait hover:underline"
        >
          {upload.isPending ? <Spinner /> : <ImageUp aria-hidden className="size-4" />}
          Upload image
        </label>
        <p className="text-xs text-muted-foreground">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
        {upload.isPending ? (
          <span className="sr-only" role="status">
            Uploading image
          </span>
        ) : null}
      </div>
    </div>
  )
}
