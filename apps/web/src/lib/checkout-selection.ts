import { storageKeys } from '@tp/api/storage-keys'

/**
 * Whether a visitor picked a plan before signing in: spec 2.3 stores balance, platform and fee
 * when Create is clicked, and sign-in then continues to checkout instead of the dashboard.
 */
export function hasStoredCheckoutSelection(): boolean {
  try {
    const store = window.localStorage
    return [storageKeys.balance, storageKeys.platform, storageKeys.fee].every((key) =>
      Boolean(store.getItem(key)),
    )
  } catch {
    return false
  }
}
