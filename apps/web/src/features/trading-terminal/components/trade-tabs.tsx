import type { AccountState } from '@tp/api'
import { Card, CardContent } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { cn } from '@/lib/utils'
import { HistoryTable } from './history-table'
import { OrdersTable } from './orders-table'
import { PositionsTable } from './positions-table'

/** Positions, pending orders and history; a read-only account only has its history. */
export function TradeTabs({ state, className }: { state: AccountState; className?: string }) {
  const { account, positions, orders } = state
  const isHistoryOnly = account.isReadOnly
  return (
    <Card className={cn('min-w-0', className)}>
      <CardContent className="pt-5 sm:pt-6">
        <Tabs defaultValue={isHistoryOnly ? 'history' : 'positions'}>
          <TabsList aria-label="Trades">
            {isHistoryOnly ? null : (
              <>
                <TabsTrigger value="positions">Positions ({positions.length})</TabsTrigger>
                <TabsTrigger value="orders">Orders ({orders.length})</TabsTrigger>
              </>
            )}
            <TabsTrigger value="history">History</TabsTrigger>
          </TabsList>
          {isHistoryOnly ? null : (
            <>
              <TabsContent value="positions">
                <PositionsTable state={state} />
              </TabsContent>
              <TabsContent value="orders">
                <OrdersTable state={state} />
              </TabsContent>
            </>
          )}
          <TabsContent value="history">
            <HistoryTable accountId={account.id} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}
