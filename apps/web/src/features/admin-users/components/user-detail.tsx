import type { ReactNode } from 'react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { AdminUserDetail } from '@tp/api'
import { formatMoney, usd } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { DataTable } from '@/components/ui/data-table'
import { paths } from '@/config/paths'
import { useUser } from '@/lib/session'
import { useCanAdminAct } from '@/lib/admin-role'
import { useUserDetail } from '../api/get-user-detail'
import { UserActionDialog, type UserAction } from './user-action-dialog'
import { LoadError } from '@/components/load-error'

const money = (cents: number) => formatMoney(usd(cents))
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

function Section({
  title,
  count,
  children,
}: {
  title: string
  count?: number
  children: ReactNode
}) {
  const id = `user-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card className="grid min-w-0 gap-3 p-4" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
        {count !== undefined ? (
          <span className="ml-2 text-sm font-normal text-muted-foreground">({count})</span>
        ) : null}
      </h2>
      {children}
    </Card>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** An admin's page of one user: everything the firm holds about them, and the actions. */
export function UserDetail({ userId }: { userId: string }) {
  const detail = useUserDetail(userId)
  const [action, setAction] = useState<UserAction | null>(null)

  if (detail.isError) {
    return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
  }
  if (!detail.data) {
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    )
  }
  return <DetailSections data={detail.data} onAction={setAction} action={action} />
}

function DetailSections({
  data,
  action,
  onAction,
}: {
  data: AdminUserDetail
  action: UserAction | null
  onAction: (action: UserAction | null) => void
}) {
  const { user } = data
  const isSelf = useUser()?.id === user.id
  const canAct = useCanAdminAct()
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.admin.userAccount.getHref()}
          className="text-sm underline-offset-4 hover:underline"
        >
          ← All users
        </Link>
        {canAct ? (
          <div className="ml-auto flex gap-2">
            <Button variant="outline" size="sm" onClick={() => onAction({ kind: 'edit', user })}>
              Edit
            </Button>
            {isSelf ? null : user.status === 'active' ? (
              <Button
                variant="destructive"
                size="sm"
                onClick={() => onAction({ kind: 'disable', user })}
              >
                Disable
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onAction({ kind: 'enable', user })}
              >
                Enable
              </Button>
            )}
          </div>
        ) : (
          <Badge variant="warning" className="ml-auto">
            Read-only (support)
          </Badge>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Profile">
          <Fields
            rows={[
              ['Name', user.name ?? '—'],
              ['Email', user.email],
              [
                'Status',
                <Badge key="status" variant={user.status === 'active' ? 'profit' : 'loss'}>
                  {user.status}
                </Badge>,
              ],
              ['Role', user.role],
              ['Email verified', user.emailVerified ? 'Yes' : 'No'],
              ['Phone', user.phone ?? '—'],
              ['User name', data.profile?.userName ?? '—'],
              ['Price', money(user.priceCents)],
              ['Fund', money(user.fundCents)],
              ['Joined', when(user.createdAt)],
            ]}
          />
        </Section>
        <Section title="Billing profile">
          {data.billingProfile ? (
            <Fields rows={Object.entries(data.billingProfile)} />
          ) : (
            <Empty>No billing profile saved.</Empty>
          )}
        </Section>
      </div>

      <Section title="Orders" count={data.orders.length}>
        {data.orders.length > 0 ? (
          <DataTable
            label="Orders"
            columns={['Order', 'Status', 'Plan', 'Method', 'Total', 'Paid']}
            rows={data.orders.map((order) => [
              order.number,
              order.status,
              `${order.challenge} $${order.sizeK}K`,
              order.method,
              money(order.totalCents),
              when(order.paidAt),
            ])}
          />
        ) : (
          <Empty>No orders.</Empty>
        )}
      </Section>

      <Section title="Trading accounts" count={data.accounts.length}>
        {data.accounts.length > 0 ? (
          <DataTable
            label="Trading accounts"
            columns={['Login', 'Platform', 'Phase', 'Size', 'Status', 'Trading']}
            rows={data.accounts.map((account) => [
              account.login ?? '—',
              account.platform.toUpperCase(),
              account.stage,
              money(account.initialBalanceCents),
              account.status,
              account.isTradingEnabled ? 'On' : 'Off',
            ])}
          />
        ) : (
          <Empty>No trading accounts.</Empty>
        )}
      </Section>

      <Section title="Payouts" count={data.payouts.length}>
        {data.payouts.length > 0 ? (
          <DataTable
            label="Payouts"
            columns={['Requested', 'Status', 'Amount']}
            rows={data.payouts.map((payout) => [
              when(payout.createdAt),
              payout.status,
              money(payout.amountCents),
            ])}
          />
        ) : (
          <Empty>No payouts.</Empty>
        )}
      </Section>

      {data.identityCheck ? (
        <Section title="Identity check">
          <Fields
            rows={[
              ['Status', data.identityCheck.status],
              ['Updated', when(data.identityCheck.updatedAt)],
            ]}
          />
        </Section>
      ) : null}

      <Section title="Contact messages" count={data.messages.length}>
        {data.messages.length > 0 ? (
          <DataTable
            label="Contact messages"
            columns={['Sent', 'Kind', 'Subject', 'Status']}
            rows={data.messages.map((message) => [
              when(message.createdAt),
              message.kind,
              <Link
                key={message.id}
                to={paths.admin.message.getHref(message.id)}
                className="underline-offset-4 hover:underline"
              >
                {message.subject || '(no subject)'}
              </Link>,
              message.status,
            ])}
          />
        ) : (
          <Empty>No contact messages.</Empty>
        )}
      </Section>

      <Section title="Audit entries" count={data.audit.length}>
        {data.audit.length > 0 ? (
          <DataTable
            label="Audit entries"
            columns={['When', 'Action', 'By', 'Reason']}
            rows={data.audit.map((entry) => [
              when(entry.createdAt),
              entry.action,
              entry.actorEmail ?? '—',
              entry.reason ?? '—',
            ])}
          />
        ) : (
          <Empty>Nothing audited yet.</Empty>
        )}
        <Link
          to={`${paths.admin.audit.getHref()}?target=${encodeURIComponent(user.id)}`}
          className="text-sm underline-offset-4 hover:underline"
        >
          Search this user in the audit log →
        </Link>
      </Section>

      <UserActionDialog action={action} onClose={() => onAction(null)} />
    </div>
  )
}
