import { Check, Copy } from 'lucide-react'
import type { ReactNode } from 'react'
import { messages, type TradingAccountDto } from '@tp/api'
import { accountSizeLabel, challengeTypeLabels, isAccountSizeK, stageLabels } from '@tp/domain'
import { AccountStatusBadge } from '@/components/account-status-badge'
import { TradingPassword } from '@/components/trading-password'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useCopy } from '../hooks/use-copy'

const sizeText = (sizeK: number) => (isAccountSizeK(sizeK) ? `$${accountSizeLabel(sizeK)}` : '')

function CopyIconButton({ text, label }: { text: string; label: string }) {
  const { isCopied, copy } = useCopy()
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      onClick={() => void copy(text)}
    >
      {isCopied ? (
        <Check aria-hidden className="size-4 text-profit" />
      ) : (
        <Copy aria-hidden className="size-4" />
      )}
    </Button>
  )
}

function Credential({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex min-h-8 min-w-0 items-center gap-1 text-sm font-semibold">{children}</dd>
    </div>
  )
}

/**
 * The credentials of one trading account (spec 2.12): login, password (hidden until asked,
 * copyable), server, platform, stage, size and status. An account still being set up says so.
 */
export function CredentialsCard({
  account,
  position,
  action,
  statusBadge,
}: {
  account: TradingAccountDto
  /** e.g. "Account 1 of 3" */
  position?: string
  /** the Next Account cycler */
  action?: ReactNode
  /** shown instead of the plain status badge (a failed account's names the rule it broke) */
  statusBadge?: ReactNode
}) {
  const isProvisioning = account.status === 'provisioning'
  const title = `${challengeTypeLabels[account.challenge]} ${sizeText(account.sizeK)}`.trim()

  return (
    <Card aria-label="Trading account credentials" role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>
            {[position, stageLabels[account.stage]].filter(Boolean).join(' · ')}
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {statusBadge ?? (
            <AccountStatusBadge status={account.status}>
              {isProvisioning ? <Spinner className="size-3" /> : null}
            </AccountStatusBadge>
          )}
          {action}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isProvisioning ? (
          <Alert>
            <p>{messages.trading.accountProvisioning}</p>
          </Alert>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Credential label="Login">
              <span className="font-mono break-all">{account.login}</span>
              <CopyIconButton text={account.login} label="Login" />
            </Credential>
            <Credential label="Password">
              <TradingPassword accountId={account.id} login={account.login} />
            </Credential>
            <Credential label="Server">
              <span className="break-all">{account.server}</span>
            </Credential>
            <Credential label="Platform">{account.platformLabel}</Credential>
            <Credential label="Stage">{stageLabels[account.stage]}</Credential>
            <Credential label="Account size">{sizeText(account.sizeK)}</Credential>
          </dl>
        )}
      </CardContent>
    </Card>
  )
}
