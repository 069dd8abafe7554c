import { ProfileSettings } from '@/features/profile/components/profile-settings'

export default function ProfileSettingsRoute() {
  return <ProfileSettings />
}
