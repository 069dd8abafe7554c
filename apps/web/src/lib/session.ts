import { useSyncExternalStore } from 'react'
import type { Session, User } from '@tp/api/auth'
import { storageKeys } from '@tp/api/storage-keys'
import { parseStoredUser } from './stored-user'

// The signed-in session lives in localStorage under the keys of spec 3 (token, refreshToken,
// user), so it survives a reload and is shared by every tab. This module is its only reader and
// writer; React reads it through useSession(), the API client through getSession().

export type StoredSession = { token: string; refreshToken: string; user: User }
export type SessionEndReason = 'signed-out' | 'expired'

type Listener = () => void
type EndListener = (reason: SessionEndReason) => void

const listeners = new Set<Listener>()
const endListeners = new Set<EndListener>()

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    // storage can be disabled by the browser (privacy settings); the app then keeps no session
    return null
  }
}

function readStoredSession(): StoredSession | null {
  const store = storage()
  if (!store) return null
  const token = store.getItem(storageKeys.token)
  const rawUser = store.getItem(storageKeys.user)
  if (!token || !rawUser) return null
  try {
    const user = parseStoredUser(JSON.parse(rawUser))
    if (!user) return null
    return { token, refreshToken: store.getItem(storageKeys.refreshToken) ?? '', user }
  } catch {
    return null
  }
}

let current: StoredSession | null = typeof window === 'undefined' ? null : readStoredSession()
// why the last session of this page ended; guards word their redirect after it
let lastEndReason: SessionEndReason | null = null

function publish(next: StoredSession | null) {
  current = next
  for (const listener of listeners) listener()
}

function write(key: string, value: string) {
  try {
    storage()?.setItem(key, value)
  } catch {
    // quota or disabled storage: the session still works for this page's lifetime
  }
}

export function getSession(): StoredSession | null {
  return current
}

export function saveSession(session: Session) {
  lastEndReason = null
  write(storageKeys.token, session.token)
  write(storageKeys.refreshToken, session.refreshToken)
  write(storageKeys.user, JSON.stringify(session.user))
  publish({ token: session.token, refreshToken: session.refreshToken, user: session.user })
}

/** Refresh rotates both tokens: the old refresh token is dead once the server answered. */
export function saveTokens(tokens: { token: string; refreshToken: string }) {
  if (!current) return
  write(storageKeys.token, tokens.token)
  write(storageKeys.refreshToken, tokens.refreshToken)
  publish({ ...current, ...tokens })
}

export function saveUser(user: User) {
  if (!current) return
  write(storageKeys.user, JSON.stringify(user))
  publish({ ...current, user })
}

/** Removes every browser-stored key of spec 3, session and checkout selection alike. */
export function clearStoredKeys() {
  const store = storage()
  for (const key of Object.values(storageKeys)) {
    try {
      store?.removeItem(key)
    } catch {
      // nothing more can be done about storage that refuses to be written
    }
  }
}

/** Ends the session locally; listeners (toasts, query cache) learn why. */
export function endSession(reason: SessionEndReason) {
  const wasSignedIn = current !== null
  if (wasSignedIn) lastEndReason = reason
  clearStoredKeys()
  publish(null)
  if (wasSignedIn) for (const listener of endListeners) listener(reason)
}

/** 'signed-out' when the user signed out on purpose in this page, so nothing is to be resumed. */
export function getLastEndReason(): SessionEndReason | null {
  return lastEndReason
}

export function onSessionEnd(listener: EndListener) {
  endListeners.add(listener)
  return () => {
    endListeners.delete(listener)
  }
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly string[] = [storageKeys.token, storageKeys.refreshToken, storageKeys.user]
    if (event.key === null || keys.includes(event.key)) publish(readStoredSession())
  })
}

/**
 * The server's snapshot is "signed out": a prerendered page (decision 0025) is the signed-out
 * page, so hydrating it renders signed out first, and React re-renders with the stored session
 * right after, instead of mismatching the HTML.
 */
const signedOutOnServer = (): StoredSession | null => null

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, signedOutOnServer)
}

export function useUser(): User | null {
  return useSession()?.user ?? null
}

/** Re-reads storage; tests and the storage event use it after storage changed underneath. */
export function reloadSession() {
  lastEndReason = null
  publish(readStoredSession())
}
