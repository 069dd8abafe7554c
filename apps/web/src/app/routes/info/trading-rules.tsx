import { TradingRulesPage } from '@/features/info-pages/components/trading-rules-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.tradingRules.path)

export default function TradingRulesRoute() {
  return <TradingRulesPage />
}
