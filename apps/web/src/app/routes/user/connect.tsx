import { PageHeader } from '@/components/page-header'
import { ConnectionTestForm } from '@/features/connect-metatrader/components/connection-test-form'
import { TradeLockerLinks } from '@/features/tradelocker/components/tradelocker-links'

// /user/connect (spec 2.13): test the credentials of a MetaTrader account through MetaApi; link a
// TradeLocker login whose accounts' order history joins the analytics (decision 0044).
export default function ConnectRoute() {
  return (
    <>
      <PageHeader
        title="Connect MetaTrader"
        description="Check that an MT4 or MT5 account's login works: we connect to its broker server through MetaApi and show what the server reports."
      />
      <ConnectionTestForm />
      <div className="mt-10">
        <TradeLockerLinks />
      </div>
    </>
  )
}
