/** Browser storage keys (spec 3). Sign-out clears all of them (spec 2.2, 4). */
export const storageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  accessToken: 'accessToken',
  user: 'user',
  balance: 'balance',
  platform: 'platform',
  fee: 'fee',
  challenge: 'challenge',
  addOns: 'addOns',
} as const
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]
