import { TradingRulesPage } from '@/features/info-pages/components/trading-rules-page'

/** Title and meta description of the page. */
export const handle = {
  title: 'Trading Rules',
  description:
    'The rules of every Tradepeak plan, from the rulebooks the evaluation engine uses: leverage, daily and total drawdown, prohibited strategies, lot size, profit target and trading days.',
}

export default function TradingRulesRoute() {
  return <TradingRulesPage />
}
