import type { Role } from '@tp/api'
import { paths } from '@/config/paths'

/**
 * Where a fresh sign-in lands (decision 0010): the page the visitor was sent away from, if it is
 * ours and open to their role; else checkout when a plan was picked before signing in; else the
 * role's dashboard.
 */
export function postSignInPath(
  role: Role,
  options: { redirectTo?: string | null; hasCheckoutSelection: boolean },
): string {
  const target = safeReturnPath(options.redirectTo)
  if (target && isOpenTo(role, target)) return target
  if (options.hasCheckoutSelection) return paths.checkout.getFunded.getHref()
  return role === 'admin' ? paths.admin.dashboard.getHref() : paths.user.dashboard.getHref()
}

const authPages: readonly string[] = [
  paths.auth.login.path,
  paths.auth.signup.path,
  paths.auth.forgotPassword.path,
  paths.auth.resetPassword.path,
]

/** A path on this site only: never another origin (an open redirect), never a sign-in page. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null
  let url: URL
  try {
    url = new URL(value, 'http://tradepeak.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://tradepeak.invalid' || authPages.includes(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

function isWithin(path: string, root: string) {
  return path === root || path.startsWith(`${root}/`)
}

function isOpenTo(role: Role, path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path
  if (isWithin(pathname, paths.admin.root.path)) return role === 'admin'
  if (isWithin(pathname, paths.user.root.path)) return role === 'trader'
  return true
}
