// The queries of what the firm recorded about one account (rule violations with their evidence)
// share a prefix: the dashboard's live hook refreshes them whenever the stream says the account
// changed (a closed trade, a new status), since the firm records a violation as it acts on it.

export const accountEventKeys = {
  account: (accountId: string | null) => ['account-events', accountId] as const,
  policyViolations: (accountId: string | null) => ['account-events', accountId, 'policy'] as const,
  newsViolations: (accountId: string | null) => ['account-events', accountId, 'news'] as const,
}
