import { useSyncExternalStore } from 'react'
import { storageKeys } from '@tp/api'
import {
  accountBalanceDollars,
  accountSizeFromBalance,
  baseFee,
  centsToDollars,
  challengeTypeSchema,
  noAddOnToggles,
  togglesFromAddOns,
  tradingPlatformSchema,
  type AddOnToggles,
} from '@tp/domain'
import type { DraftSelection } from '../utils/selection'

// The checkout selection of spec 2.3 and 3: kept in browser storage under the spec's keys
// (platform, challenge, balance = size in thousands x 1000, fee, addOns), so it survives signing
// in and a reload, and shared as app state by every page that reads it through this hook.
// Signing out removes the keys (lib/session clearStoredKeys); the snapshot is re-read from storage,
// so this store never disagrees with it.

export type CheckoutSelection = DraftSelection & { addOns: AddOnToggles }

const keys = [
  storageKeys.platform,
  storageKeys.challenge,
  storageKeys.balance,
  storageKeys.fee,
  storageKeys.addOns,
] as const

const emptySelection: CheckoutSelection = Object.freeze({
  challenge: null,
  platform: null,
  sizeK: null,
  addOns: noAddOnToggles,
})

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function readRaw(): string {
  const store = storage()
  return JSON.stringify(keys.map((key) => store?.getItem(key) ?? null))
}

function parseAddOns(raw: string | null): AddOnToggles {
  if (!raw) return noAddOnToggles
  try {
    const value = JSON.parse(raw) as Record<string, unknown>
    return togglesFromAddOns({
      profitSplit100: value.profitSplit100 === true,
      fastPayout: value.fastPayout === true,
    })
  } catch {
    return noAddOnToggles
  }
}

function parse(raw: string): CheckoutSelection {
  const [platform, challenge, balance, , addOns] = JSON.parse(raw) as (string | null)[]
  if (!platform && !challenge && !balance && !addOns) return emptySelection
  const balanceDollars = Number(balance)
  return {
    platform: tradingPlatformSchema.safeParse(platform).data ?? null,
    challenge: challengeTypeSchema.safeParse(challenge).data ?? null,
    sizeK:
      balance && Number.isFinite(balanceDollars) ? accountSizeFromBalance(balanceDollars) : null,
    addOns: parseAddOns(addOns ?? null),
  }
}

let lastRaw: string | null = null
let lastSnapshot: CheckoutSelection = emptySelection
const listeners = new Set<() => void>()

export function getCheckoutSelection(): CheckoutSelection {
  const raw = readRaw()
  if (raw !== lastRaw) {
    lastRaw = raw
    lastSnapshot = parse(raw)
  }
  return lastSnapshot
}

function write(key: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(key)
    else storage()?.setItem(key, value)
  } catch {
    // storage refused: the selection then lasts only as long as the page's state
  }
}

/** Stores the selection under the spec 3 keys; a step still open removes its key. */
export function saveCheckoutSelection(selection: CheckoutSelection) {
  const { challenge, platform, sizeK, addOns } = selection
  write(storageKeys.platform, platform)
  write(storageKeys.challenge, challenge)
  write(storageKeys.balance, sizeK === null ? null : String(accountBalanceDollars(sizeK)))
  write(
    storageKeys.fee,
    challenge === null || sizeK === null
      ? null
      : String(centsToDollars(baseFee(challenge, sizeK).cents)),
  )
  write(storageKeys.addOns, JSON.stringify(addOns))
  for (const listener of listeners) listener()
}

/** Changes part of the stored selection. */
export function updateCheckoutSelection(change: Partial<CheckoutSelection>) {
  saveCheckoutSelection({ ...getCheckoutSelection(), ...change })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (keys as readonly string[]).includes(event.key)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useCheckoutSelection(): CheckoutSelection {
  return useSyncExternalStore(subscribe, getCheckoutSelection, getCheckoutSelection)
}
