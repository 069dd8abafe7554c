import type { TradingAccountDto } from '@tp/api'
import { FormField } from '@/components/ui/form-field'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { accountLabel } from '../utils/account'

type AccountSelectorProps = {
  accounts: readonly TradingAccountDto[]
  value: string
  onChange: (accountId: string) => void
}

/** Which of the trader's accounts the terminal shows (only when there is a choice). */
export function AccountSelector({ accounts, value, onChange }: AccountSelectorProps) {
  return (
    <Select value={value} onValueChange={onChange}>
      <FormField label="Trading account" className="w-full sm:w-80">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormField>
      <SelectContent>
        {accounts.map((account) => (
          <SelectItem key={account.id} value={account.id}>
            {accountLabel(account)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
