import { metatraderMessages, type MetatraderConnectionTestResponse } from '@tp/api/metatrader'
import { Alert } from '@/components/ui/alert'

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** "10,000.00 USD": integer cents of the account's own currency, for display only. */
function formatBalance(cents: number, currency: string): string {
  return `${twoDecimals.format(cents / 100)} ${currency}`
}

/**
 * The outcome of a connection test: the success panel (name, login, server, platform, balance,
 * status; spec 2.13) or "Connection Failed" with the platform's reason.
 */
export function ConnectionResult({ result }: { result: MetatraderConnectionTestResponse }) {
  if (result.result === 'failed') {
    return (
      <Alert variant="error" data-testid="connection-failed">
        <p className="font-semibold">{result.title}</p>
        <p>{result.message}</p>
      </Alert>
    )
  }
  const { account } = result
  const rows: [string, string][] = [
    ['Name', account.name],
    ['Login', account.login],
    ['Server', account.server],
    ['Platform', account.platform.toUpperCase()],
    ['Balance', formatBalance(account.balance, account.currency)],
    ['Status', account.status],
  ]
  return (
    <Alert variant="success" data-testid="connection-success">
      <p className="font-semibold">{metatraderMessages.connected}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Alert>
  )
}
