import { toast } from '@/lib/toast'
import type { TradingAccountDto } from '@tp/api'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { getErrorMessage } from '@/lib/api-client'
import { useChangeLeverage } from '../api/change-leverage'
import { canTrade, policyOf } from '../utils/account'

/** The steps offered, up to the plan's maximum (the account's own value always among them). */
const LEVERAGE_STEPS = [1, 2, 5, 10, 20, 25, 30, 40, 50, 100] as const

export function leverageChoices(maximum: number, current: number): number[] {
  const choices = new Set<number>(LEVERAGE_STEPS.filter((step) => step <= maximum))
  choices.add(maximum)
  choices.add(current)
  return [...choices].sort((a, b) => a - b)
}

/**
 * The account's leverage 1:N, changeable from 1:1 to the plan's maximum while the account trades
 * (decisions.md: 1:30 standard, at most 1:50). The server refuses a change while positions or
 * pending orders are open; its message is toasted and the shown value stays the account's.
 */
export function LeverageSelect({ account }: { account: TradingAccountDto }) {
  const change = useChangeLeverage(account.id)
  const maximum = policyOf(account).leverage.max
  const isEditable = canTrade(account)
  return (
    <Select
      value={String(account.leverage)}
      disabled={!isEditable || change.isPending}
      onValueChange={(value) => {
        const leverage = Number(value)
        if (leverage === account.leverage) return
        change.mutate(leverage, {
          onSuccess: ({ message }) => toast.success(message),
          onError: (error) => toast.error(getErrorMessage(error)),
        })
      }}
    >
      <SelectTrigger
        aria-label={`Leverage (up to 1:${maximum})`}
        className="h-7 w-auto min-w-20 gap-1 px-2 py-0 text-sm"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {leverageChoices(maximum, account.leverage).map((leverage) => (
          <SelectItem key={leverage} value={String(leverage)}>
            1:{leverage}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
