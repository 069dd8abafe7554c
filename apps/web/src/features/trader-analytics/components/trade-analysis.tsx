import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { analysisQuery, totalStatsQuery, tradesQuery } from '../api/get-analytics'
import { ObjectivesTable } from './objectives-table'
import { RecentTrades } from './recent-trades'
import { SectionError, SectionSkeleton } from './section-states'
import { StatusTable } from './status-table'
import { SummaryCards } from './summary-cards'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** A query's section: skeleton while it loads, the message and a retry if it fails. */
function QueryView<T>({
  query,
  loading,
  className,
  children,
}: {
  query: UseQueryResult<T>
  loading: string
  className?: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <SectionSkeleton label={loading} className={className} />
  if (query.isError)
    return <SectionError error={query.error} onRetry={() => void query.refetch()} />
  return <>{children(query.data)}</>
}

/** Trade Analysis (spec 2.12): summary cards, status, objectives and recent trades. */
export function TradeAnalysis({ accountId }: { accountId: string }) {
  const stats = useQuery(totalStatsQuery(accountId))
  const analysis = useQuery(analysisQuery(accountId))
  const trades = useQuery(tradesQuery(accountId))

  return (
    <div className="grid gap-6">
      <Section title="Summary">
        <QueryView query={stats} loading="Loading the summary" className="h-24">
          {(data) => <SummaryCards stats={data} />}
        </QueryView>
      </Section>
      <div className="grid gap-6 2xl:grid-cols-2">
        <Section title="Status">
          <QueryView query={analysis} loading="Loading the status" className="h-64">
            {(data) => <StatusTable analysis={data} />}
          </QueryView>
        </Section>
        <Section title="Objectives">
          <QueryView query={analysis} loading="Loading the objectives" className="h-64">
            {(data) => <ObjectivesTable objectives={data.objectives} />}
          </QueryView>
        </Section>
      </div>
      <Section title="Recent Trades">
        <QueryView query={trades} loading="Loading the recent trades" className="h-48">
          {(data) => <RecentTrades trades={data} />}
        </QueryView>
      </Section>
    </div>
  )
}
