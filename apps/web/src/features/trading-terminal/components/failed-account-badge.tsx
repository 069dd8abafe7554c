import { useState } from 'react'
import { messages, type BreachEvidence, type TradingAccountDto } from '@tp/api'
import { AccountStatusBadge } from '@/components/account-status-badge'
import { Badge } from '@/components/ui/badge'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { useAccountState } from '../api/get-account-state'
import { BreachEvidenceDetails } from './account-status'

/** The failed rule in a few words, as the badge says it (web-only copy). */
export const failedRuleText: Readonly<Record<BreachEvidence['rule'], string>> = {
  dailyLoss: 'daily loss',
  maxLoss: 'max loss',
}

/**
 * A failed account's badge names the rule it broke ("Failed: daily loss") and opens the breach
 * evidence the account state carries (GET /api/trading/accounts/:id). Until that state is read, or
 * when the account ended without a breach, it is the plain status badge. The dashboard shows it
 * (composed by its route).
 */
export function FailedAccountBadge({ account }: { account: TradingAccountDto }) {
  const state = useAccountState(account.id, { isPolling: false })
  const [isOpen, setOpen] = useState(false)
  const breach = state.data?.breach ?? null
  if (!breach) return <AccountStatusBadge status={account.status} />
  const label = `Failed: ${failedRuleText[breach.rule]}`
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          aria-haspopup="dialog"
          className="rounded-full underline-offset-2 hover:underline"
          title="See the breach evidence"
        >
          <Badge variant="loss">{label}</Badge>
        </button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Breach evidence of account {account.login}</DialogTitle>
          <DialogDescription>
            {messages.trading.breached(messages.trading.ruleLabels[breach.rule])}
          </DialogDescription>
        </DialogHeader>
        <BreachEvidenceDetails breach={breach} />
      </DialogContent>
    </Dialog>
  )
}
