import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { messages } from '@tp/api'
import { DocumentTitle } from '@/components/document-title'
import { Alert } from '@/components/ui/alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { homePathFor } from '@/lib/auth'
import { ApiError } from '@/lib/api-client'
import { useProfile, type ProfileData } from '@/lib/profile'
import { useUser } from '@/lib/session'
import {
  profileFormSchema,
  toProfileUpdate,
  useUpdateProfile,
  type ProfileFormValues,
} from '../api/update-profile'
import { AvatarUpload } from './avatar-upload'
import { LeaderboardVisibility } from './leaderboard-visibility'

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' }

function ProfileForm({ profile }: { profile: ProfileData }) {
  const updateProfile = useUpdateProfile()
  // values waiting for the user's Ok in the confirmation dialog
  const [pending, setPending] = useState<ProfileFormValues | null>(null)
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: profile.profile.name,
      userName: profile.profile.userName,
      bio: profile.profile.bio,
      ...emptyPasswords,
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => setPending(values))

  function confirm() {
    if (!pending) return
    updateProfile.mutate(toProfileUpdate(pending, profile.profile.publicRole), {
      onSuccess: ({ updatedProfile }) => {
        toast.success(messages.profile.updated)
        form.reset({
          name: updatedProfile.name,
          userName: updatedProfile.userName,
          bio: updatedProfile.bio,
          ...emptyPasswords,
        })
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : messages.profile.failed,
        ),
    })
    setPending(null)
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Profile settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Your Name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label="Username" error={errors.userName?.message}>
            <Input autoComplete="username" spellCheck={false} {...form.register('userName')} />
          </FormField>
        </div>
        <FormField label="Your Bio" error={errors.bio?.message}>
          <Textarea rows={4} {...form.register('bio')} />
        </FormField>

        <fieldset className="grid gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Change password</legend>
          <p className="-mt-1 text-sm text-muted-foreground">
            Leave these empty to keep your current password.
          </p>
          <FormField label="Current Password" error={errors.currentPassword?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="New Password" error={errors.newPassword?.message}>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('newPassword')}
              />
            </FormField>
            <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
              />
            </FormField>
          </div>
        </fieldset>

        <div className="flex justify-end">
          <Button type="submit" isPending={updateProfile.isPending} className="w-full sm:w-auto">
            Save Changes
          </Button>
        </div>
      </form>

      <AlertDialog open={pending !== null} onOpenChange={(isOpen) => !isOpen && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{messages.profile.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>{messages.profile.confirmText}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm}>Ok</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading your profile">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <Skeleton className="h-4 w-32" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-28" />
      <Skeleton className="h-48" />
    </div>
  )
}

/** Profile settings (spec 2.11). */
export function ProfileSettings() {
  const profile = useProfile()
  const user = useUser()

  return (
    <div className="mx-auto w-full max-w-3xl py-6">
      <DocumentTitle title="Profile Settings" />
      <Link
        to={user ? homePathFor(user.role) : paths.home.getHref()}
        className="mb-4 inline-flex items-center gap-2 rounded-md text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {user ? 'Back to dashboard' : 'Back to home'}
      </Link>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Profile Settings</h1>
          <CardDescription>
            {profile.data ? profile.data.email : 'Your public profile and password.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8">
          {profile.isPending ? <ProfileSkeleton /> : null}
          {profile.isError ? (
            <Alert variant="error">
              <p>{messages.profile.failed}</p>
              <Button variant="link" className="mt-1" onClick={() => void profile.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {profile.data ? (
            <>
              <AvatarUpload user={profile.data.user} />
              <ProfileForm profile={profile.data} />
              <LeaderboardVisibility profile={profile.data} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  )
}
