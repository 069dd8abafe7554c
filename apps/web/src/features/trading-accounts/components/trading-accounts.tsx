import { KeyRound, WalletCards } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { messages, type TradingAccountDto } from '@tp/api'
import { challengeTypeLabels, stageLabels } from '@tp/domain'
import { AccountStatusBadge } from '@/components/account-status-badge'
import { PageHeader } from '@/components/page-header'
import { TradingPassword } from '@/components/trading-password'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { CardField } from '@/components/ui/card-field'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableActionsCell,
  TableActionsHead,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@/hooks/use-media-query'
import { useTradingAccounts } from '@/lib/trading-accounts'
import { accountSizeText, canChangePassword, hasCredentials } from '../utils/format'
import { ChangePasswordDialog } from './change-password-dialog'
import { LoadError } from '@/components/load-error'

const columns = [
  'No',
  'Login',
  'Password',
  'Platform',
  'Server',
  'Account ID',
  'Stage',
  'Size',
  'Status',
] as const

function newestFirst(accounts: readonly TradingAccountDto[]): TradingAccountDto[] {
  return [...accounts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
}

function AccountRow({
  account,
  number,
  onChangePassword,
}: {
  account: TradingAccountDto
  number: number
  onChangePassword: () => void
}) {
  return (
    <TableRow>
      <TableCell className="text-muted-foreground">{number}</TableCell>
      <TableCell className="font-mono font-medium tabular-nums">{account.login || '—'}</TableCell>
      <TableCell>
        {hasCredentials(account) ? (
          <TradingPassword accountId={account.id} login={account.login} />
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="min-w-24 whitespace-normal">{account.platformLabel}</TableCell>
      <TableCell>{account.server || '—'}</TableCell>
      <TableCell className="font-mono text-xs text-muted-foreground">
        {/* the whole id stays in the text (copy, screen readers); the cell shows its start */}
        <span className="block max-w-[10ch] truncate" title={account.id}>
          {account.id}
        </span>
      </TableCell>
      <TableCell className="min-w-32 whitespace-normal">
        {challengeTypeLabels[account.challenge]} · {stageLabels[account.stage]}
      </TableCell>
      <TableCell className="tabular-nums">{accountSizeText(account.sizeK)}</TableCell>
      <TableCell>
        <AccountStatusBadge status={account.status} />
      </TableCell>
      <TableActionsCell className="text-right">
        <ChangePasswordButton account={account} onClick={onChangePassword} isCompact />
      </TableActionsCell>
    </TableRow>
  )
}

function ChangePasswordButton({
  account,
  onClick,
  isCompact = false,
}: {
  account: TradingAccountDto
  onClick: () => void
  isCompact?: boolean
}) {
  if (!canChangePassword(account)) return null
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Change trading password of account ${account.login}`}
      title="Change the trading password"
      onClick={onClick}
    >
      <KeyRound aria-hidden className="size-4" />
      {/* an icon in the table's pinned column up to wide screens; named in full on a card */}
      <span className={isCompact ? 'hidden 2xl:inline' : undefined}>Change password</span>
    </Button>
  )
}

/** One account on a phone: every column of the table, the Server included, as a card. */
function AccountCard({
  account,
  number,
  onChangePassword,
}: {
  account: TradingAccountDto
  number: number
  onChangePassword: () => void
}) {
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono font-semibold tabular-nums">
          <span className="mr-2 font-sans font-normal text-muted-foreground">{number}.</span>
          {account.login || '—'}
        </p>
        <AccountStatusBadge status={account.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <CardField label="Password">
          {hasCredentials(account) ? (
            <TradingPassword accountId={account.id} login={account.login} />
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </CardField>
        <CardField label="Platform">{account.platformLabel}</CardField>
        <CardField label="Server">{account.server || '—'}</CardField>
        <CardField label="Size">{accountSizeText(account.sizeK)}</CardField>
        <CardField label="Stage">
          {challengeTypeLabels[account.challenge]} · {stageLabels[account.stage]}
        </CardField>
        <CardField label="Account ID">
          <span className="font-mono text-xs break-all text-muted-foreground">{account.id}</span>
        </CardField>
      </dl>
      <ChangePasswordButton account={account} onClick={onChangePassword} />
    </li>
  )
}

function LoadingRows() {
  return <TableSkeletonRows rows={3} columns={columns.length + 1} />
}

/**
 * The trader's challenge accounts and their platform credentials (spec 2.13). `createAccount` is
 * the page's 'Create an account' action (the checkout's, placed by the route).
 */
export function TradingAccounts({ createAccount }: { createAccount?: ReactNode }) {
  const accounts = useTradingAccounts()
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = accounts.data?.find((account) => account.id === editingId) ?? null
  const rows = accounts.data ? newestFirst(accounts.data) : null
  // a phone lists the accounts as cards: a table that wide would hide columns behind a scroll
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY)

  let body
  if (accounts.isError) {
    body = <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
  } else if (rows && rows.length === 0) {
    body = (
      <EmptyState
        icon={<WalletCards aria-hidden />}
        title="No trading accounts yet"
        description="Create an account: once the payment is confirmed, its login and password appear here within seconds."
      />
    )
  } else {
    body = (
      <div className="grid gap-4">
        {rows?.some((account) => account.status === 'provisioning') ? (
          <Alert>
            <p>{messages.trading.accountProvisioning}</p>
          </Alert>
        ) : null}
        {isSmallScreen && rows ? (
          <ul aria-label="Your trading accounts, newest first" className="grid gap-3">
            {rows.map((account, index) => (
              <AccountCard
                key={account.id}
                account={account}
                number={index + 1}
                onChangePassword={() => setEditingId(account.id)}
              />
            ))}
          </ul>
        ) : (
          <Table aria-busy={accounts.isPending || undefined}>
            <TableCaption className="sr-only">Your trading accounts, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows ? (
                rows.map((account, index) => (
                  <AccountRow
                    key={account.id}
                    account={account}
                    number={index + 1}
                    onChangePassword={() => setEditingId(account.id)}
                  />
                ))
              ) : (
                <LoadingRows />
              )}
            </TableBody>
          </Table>
        )}
      </div>
    )
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeader
          title="Trading Accounts"
          description="Sign in to your trading platform with these credentials."
        />
        <div className="mb-6">{createAccount}</div>
      </div>
      {body}
      {editing ? (
        <ChangePasswordDialog
          account={editing}
          open={editingId !== null}
          onOpenChange={(isOpen) => !isOpen && setEditingId(null)}
        />
      ) : null}
    </>
  )
}
