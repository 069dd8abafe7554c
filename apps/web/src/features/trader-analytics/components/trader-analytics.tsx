import { lazy, Suspense, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { ACCOUNT_SWITCH_DEBOUNCE_MS } from '../timing'
import { useAnalyticsLive } from '../hooks/use-analytics-live'
import { TradeAnalysis } from './trade-analysis'

// Recharts comes with this tab alone: no other page (nor this one before the tab opens) loads it.
const TradeVisualization = lazy(() => import('./trade-visualization'))

export type AnalyticsTab = 'analysis' | 'visualization'

function ChartsFallback() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading charts</span>
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </div>
  )
}

/**
 * The dashboard's analytics of the shown account (spec 2.12): Trade Analysis and Trade
 * Visualization. Its data loads 300 ms after the account last changed (spec 4: cycling through
 * accounts asks for nothing in between) and refreshes when the stream says a trade closed.
 */
export function TraderAnalytics({ accountId }: { accountId: string }) {
  const [tab, setTab] = useState<AnalyticsTab>('analysis')
  const shownId = useDebouncedValue(accountId, ACCOUNT_SWITCH_DEBOUNCE_MS)
  const isSwitching = shownId !== accountId
  useAnalyticsLive(shownId)

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as AnalyticsTab)}>
      <TabsList aria-label="Account analytics">
        <TabsTrigger value="analysis">Trade Analysis</TabsTrigger>
        <TabsTrigger value="visualization">Trade Visualization</TabsTrigger>
      </TabsList>
      <TabsContent value="analysis">
        {isSwitching ? (
          <div role="status" className="grid gap-4">
            <span className="sr-only">Loading the account's analytics</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : (
          <TradeAnalysis accountId={shownId} />
        )}
      </TabsContent>
      <TabsContent value="visualization">
        {isSwitching ? (
          <ChartsFallback />
        ) : (
          <Suspense fallback={<ChartsFallback />}>
            <TradeVisualization accountId={shownId} />
          </Suspense>
        )}
      </TabsContent>
    </Tabs>
  )
}
