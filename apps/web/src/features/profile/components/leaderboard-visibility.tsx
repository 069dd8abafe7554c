import { toast } from '@/lib/toast'
import { messages } from '@tp/api'
import { leaderboardMessages } from '@tp/api/leaderboard'
import { Switch } from '@/components/ui/switch'
import { ApiError } from '@/lib/api-client'
import type { ProfileData } from '@/lib/profile'
import { useUpdateProfile } from '../api/update-profile'

/**
 * Whether the trader appears on the leaderboard (issue 12 item 9): saved at once. The name shown
 * there is the username, else the first name and last initial; never the email.
 */
export function LeaderboardVisibility({ profile }: { profile: ProfileData }) {
  const updateProfile = useUpdateProfile()
  const isOn = updateProfile.isPending
    ? (updateProfile.variables.isOnLeaderboard ?? profile.profile.isOnLeaderboard)
    : profile.profile.isOnLeaderboard

  return (
    <section aria-labelledby="leaderboard-visibility" className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <label
          htmlFor="leaderboard-visibility-switch"
          id="leaderboard-visibility"
          className="font-medium"
        >
          {leaderboardMessages.optOutLabel}
        </label>
        <Switch
          id="leaderboard-visibility-switch"
          checked={isOn}
          disabled={updateProfile.isPending}
          onCheckedChange={(checked) =>
            updateProfile.mutate(
              { isOnLeaderboard: checked },
              {
                onSuccess: () => toast.success(messages.profile.updated),
                onError: (error) =>
                  toast.error(
                    error instanceof ApiError && error.serverMessage
                      ? error.serverMessage
                      : messages.profile.failed,
                  ),
              },
            )
          }
        />
      </div>
      <p className="text-sm text-muted-foreground">{leaderboardMessages.optOutHint}</p>
    </section>
  )
}
