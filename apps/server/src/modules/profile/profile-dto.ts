import type { BillingProfile, PublicProfile } from '@tp/api'
import type { BillingProfileRow, ProfileRow, UserRow } from '../../db/schema'

export function toPublicProfile(user: UserRow, profile: ProfileRow | undefined): PublicProfile {
  return {
    name: user.name ?? '',
    userName: profile?.userName ?? '',
    bio: profile?.bio ?? '',
    publicRole: profile?.publicRole ?? '',
    isOnLeaderboard: profile?.isOnLeaderboard ?? true,
  }
}

export function toBillingProfile(user: UserRow, billing: BillingProfileRow): BillingProfile {
  return {
    email: user.email,
    firstName: billing.firstName,
    lastName: billing.lastName,
    country: billing.country,
    apartment: billing.apartment,
    town: billing.town,
    state: billing.state,
    companyName: billing.companyName,
    postalCode: billing.postalCode,
    phone: billing.phone,
    lockedAt: billing.lockedAt.toISOString(),
  }
}
