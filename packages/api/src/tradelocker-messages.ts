// TradeLocker's user-facing messages (decision 0044), apart from the schemas of ./tradelocker so a
// page that only shows them loads no zod (decision 0041).
import { linkedAccountMessages } from './account-kind-messages'

export const tradeLockerMessages = {
  allFieldsRequired: 'All fields are required',
  emailFormat: 'Enter the email you sign in to TradeLocker with.',
  serverFormat:
    'Enter the broker server exactly as TradeLocker shows it at sign-in, e.g. OSP-DEMO.',
  passwordTooLong: 'The password is at most 128 characters.',
  wrongCredentials:
    'TradeLocker refused the email, password or server. Check them and the demo/live choice.',
  unavailable: 'TradeLocker is unavailable right now. Please try again in a few minutes.',
  busy: 'TradeLocker is busy right now. Please try again in a minute.',
  noSuchLink: 'No such TradeLocker link.',
  chooseAccount: 'Choose at least one account to import.',
  unknownAccount: 'That account is not one of this TradeLocker login’s accounts.',
  needsLogin:
    'TradeLocker ended this link’s session. Sign in again to keep your order history up to date.',
  refreshRefused: 'This refresh token is not valid. Sign in to TradeLocker again.',
  passwordNeverStored:
    'Your password is used once to sign in to TradeLocker and is never stored. The session is refreshed every 30 minutes while linked.',
  ...linkedAccountMessages,
  linked: 'TradeLocker account linked.',
  imported: 'Order history imported.',
  unlinked: 'TradeLocker login unlinked: its tokens and imported history were removed.',
} as const
