import { CreateAccountButton } from '@/features/checkout'
import { TradingAccounts } from '@/features/trading-accounts/components/trading-accounts'

export default function TradingAccountRoute() {
  return <TradingAccounts createAccount={<CreateAccountButton />} />
}
