import { TradingTerminal } from '@/features/trading-terminal/components/trading-terminal'

export default function TradingToolRoute() {
  return <TradingTerminal />
}
