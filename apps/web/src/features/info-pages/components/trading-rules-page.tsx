import {
  Ban,
  CalendarDays,
  Gauge,
  Layers,
  ShieldAlert,
  Target,
  TrendingDown,
  type LucideIcon,
} from 'lucide-react'
import { useMemo, useState } from 'react'
import { accountSizeLabel, accountSizesK, type AccountSizeK } from '@tp/domain/plans'
import { DocumentTitle } from '@/components/document-title'
import { Island } from '@/components/island'
import { paths } from '@/config/paths'
import { AppLink } from '@/lib/navigation'
import { cn } from '@/lib/utils'
import {
  buildRuleCards,
  buildRuleRows,
  planConditionKeys,
  type RuleCardId,
  type RuleRow,
} from '../utils/rule-cards'

const cardIcons: Readonly<Record<RuleCardId, LucideIcon>> = {
  leverage: Gauge,
  'daily-drawdown': TrendingDown,
  'total-drawdown': ShieldAlert,
  'prohibited-strategies': Ban,
  'lot-size': Layers,
  'profit-target': Target,
  'trading-days': CalendarDays,
}

const defaultSizeK: AccountSizeK = 100

/**
 * /trading-rules: the seven rule cards of spec 9.5 and the conditions that differ by plan, all
 * worded by the domain from the rulebooks the engine judges, for the account size picked.
 */
export function TradingRulesPage() {
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Trading Rules" />
      <header className="mb-8 grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Trading Rules</h1>
        <p className="max-w-3xl leading-relaxed text-muted-foreground">
          The rules every Tradepeak account is judged by. They come from the same rulebooks as the
          evaluation engine and your dashboard, so what you read here is exactly what is measured.
          Amounts are shown for the account size you pick. All accounts are simulated.
        </p>
      </header>

      <Island name="trading-rules">
        <TradingRulesBody />
      </Island>
    </div>
  )
}

/**
 * The account size picker, the rule cards and the conditions by plan: an island of the
 * prerendered page (decision 0029), as picking a size changes every amount.
 */
export function TradingRulesBody() {
  const [sizeK, setSizeK] = useState<AccountSizeK>(defaultSizeK)
  const cards = useMemo(() => buildRuleCards(sizeK), [sizeK])
  const conditions = useMemo(() => buildRuleRows(sizeK, planConditionKeys), [sizeK])
  return (
    <>
      <fieldset className="mb-8 grid gap-2">
        <legend className="mb-2 text-sm font-semibold">Account size</legend>
        <div className="flex flex-wrap gap-2">
          {accountSizesK.map((size) => (
            <button
              key={size}
              type="button"
              aria-pressed={size === sizeK}
              onClick={() => setSizeK(size)}
              className={cn(
                'min-w-14 rounded-md border px-3 py-1.5 text-sm font-medium transition-colors',
                size === sizeK
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-surface hover:border-primary hover:text-primary',
              )}
            >
              {accountSizeLabel(size)}
            </button>
          ))}
        </div>
      </fieldset>

      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Rule cards">
        {cards.map((card) => {
          const Icon = cardIcons[card.id]
          const headingId = `rule-card-${card.id}`
          return (
            <li key={card.id} className="min-w-0">
              <section
                id={card.id}
                aria-labelledby={headingId}
                className="grid h-full scroll-mt-24 content-start gap-4 rounded-xl border border-border bg-surface p-5"
              >
                <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold">
                  <span className="rounded-lg bg-primary/10 p-2 text-primary">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  {card.title}
                </h2>
                <RuleList rows={card.rows} />
              </section>
            </li>
          )
        })}
      </ul>

      <section aria-labelledby="plan-conditions-heading" className="mt-12 grid gap-4">
        <h2 id="plan-conditions-heading" className="text-2xl font-semibold">
          Conditions by plan
        </h2>
        <p className="max-w-3xl text-muted-foreground">
          News trading, weekend holding, payouts and refunds depend on the plan. Questions? See the{' '}
          <AppLink
            to={paths.info.faq.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            FAQ
          </AppLink>{' '}
          or the{' '}
          <AppLink
            to={paths.info.terms.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            terms &amp; conditions
          </AppLink>
          .
        </p>
        <div className="rounded-xl border border-border bg-surface p-5">
          <RuleList rows={conditions} columns />
        </div>
      </section>
    </>
  )
}

function RuleList({ rows, columns = false }: { rows: RuleRow[]; columns?: boolean }) {
  return (
    <dl className={cn('grid gap-4', columns && 'md:grid-cols-2')}>
      {rows.map((row) => (
        <div key={row.key} className="grid min-w-0 content-start gap-1.5">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {row.label}
          </dt>
          {row.values.map((value) => (
            <dd key={value.appliesTo} className="grid gap-0.5" data-rule={row.key}>
              {value.isAllPlans ? null : (
                <span className="text-xs font-medium text-primary">{value.appliesTo}</span>
              )}
              <span className="font-semibold break-words">{value.value}</span>
              <span className="text-sm break-words text-muted-foreground">{value.detail}</span>
            </dd>
          ))}
        </div>
      ))}
    </dl>
  )
}
