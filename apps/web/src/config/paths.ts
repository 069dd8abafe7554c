// Every route of the app (spec 2.1), in one typed table. Routes, links, guards and redirects all
// read their paths from here; nothing else spells a URL.

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value)
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const fixed = <P extends string>(path: P) => ({ path, getHref: () => path })

export const paths = {
  home: fixed('/'),
  homeAlias: fixed('/home'),

  info: {
    aboutUs: fixed('/about-us'),
    contactUs: fixed('/contact-us'),
    faq: fixed('/faq'),
    disclaimer: fixed('/disclaimer'),
    terms: fixed('/terms-&-conditions'),
    privacyPolicy: fixed('/privacy-policy'),
    becomeAPartner: fixed('/become-a-partner'),
    tradingRules: fixed('/trading-rules'),
    testimonials: fixed('/testimonials'),
  },

  /** where the newsletter emails' links land (decision 0026) */
  newsletter: {
    confirm: {
      path: '/newsletter/confirm',
      getHref: (token?: string | null) => withQuery('/newsletter/confirm', { token }),
    },
    unsubscribe: {
      path: '/newsletter/unsubscribe',
      getHref: (token?: string | null) => withQuery('/newsletter/unsubscribe', { token }),
    },
  },

  checkout: {
    pricing: fixed('/pricing'),
    getFunded: fixed('/get-funded'),
    // spec 2.1 names the payment screens after their providers
    cryptoPayment: fixed('/oxapay'),
    cardPayment: fixed('/paypal'),
    paymentSuccess: {
      path: '/payment-success',
      getHref: (trackId?: string | null) => withQuery('/payment-success', { trackId }),
    },
  },

  auth: {
    login: {
      path: '/login',
      getHref: (redirectTo?: string | null) => withQuery('/login', { redirectTo }),
    },
    signup: fixed('/signup'),
    forgotPassword: fixed('/forgot-password'),
    resetPassword: {
      path: '/reset-password',
      getHref: (token?: string | null) => withQuery('/reset-password', { token }),
    },
    testLogin: fixed('/test-login'),
  },

  /** public tools anyone may use without an account */
  tools: {
    statementCheck: fixed('/tools/statement-check'),
  },

  certificate: {
    path: '/certificate',
    getHref: (hash?: string | null) => withQuery('/certificate', { hash }),
  },
  profileSettings: fixed('/profilesetting'),

  user: {
    root: fixed('/user'),
    dashboard: fixed('/user/dashboard'),
    account: fixed('/user/account'),
    tradingTool: fixed('/user/tradingtool'),
    analyticsView: fixed('/user/analyticsview'),
    statementImport: fixed('/user/statement-import'),
    payouts: fixed('/user/payouts'),
    certificates: fixed('/user/certificates'),
    billing: fixed('/user/billing'),
    leaderboard: fixed('/user/leaderboard'),
    calendarNews: fixed('/user/calendarnews'),
    academy: fixed('/user/academy'),
    supportTeam: fixed('/user/supportteam'),
    connect: fixed('/user/connect'),
  },

  admin: {
    root: fixed('/admin'),
    dashboard: fixed('/admin/dashboard'),
    userAccount: fixed('/admin/useraccount'),
    user: {
      path: '/admin/useraccount/:userId',
      getHref: (userId: string) => `/admin/useraccount/${encodeURIComponent(userId)}`,
    },
    tradingAccounts: fixed('/admin/tradingaccounts'),
    tradingAccount: {
      path: '/admin/tradingaccounts/:accountId',
      getHref: (accountId: string) => `/admin/tradingaccounts/${encodeURIComponent(accountId)}`,
    },
    risk: fixed('/admin/risk'),
    audit: fixed('/admin/audit'),
    payouts: fixed('/admin/payouts'),
    coupons: fixed('/admin/coupons'),
    calendar: fixed('/admin/calendar'),
    orders: fixed('/admin/orders'),
    messages: fixed('/admin/messages'),
    message: {
      path: '/admin/messages/:messageId',
      getHref: (messageId: string) => `/admin/messages/${encodeURIComponent(messageId)}`,
    },
    mailbox: fixed('/admin/mailbox'),
    mailboxMessage: {
      path: '/admin/mailbox/:messageId',
      getHref: (messageId: string) => `/admin/mailbox/${encodeURIComponent(messageId)}`,
    },
  },
} as const
