import type { AccountMetricsDto } from '@tp/api/analytics'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { instant, money } from '../utils/format'

type Verdict = NonNullable<AccountMetricsDto['whatIf']>[number]
type RuleKey = Verdict['rules'][number]['key']

const ruleColumns: { key: RuleKey; label: string }[] = [
  { key: 'dailyLoss', label: 'Daily loss' },
  { key: 'maxLoss', label: 'Max loss' },
  { key: 'profitTarget', label: 'Profit target' },
  { key: 'minTradingDays', label: 'Min. trading days' },
]
const statusText = { passed: 'Passed', failed: 'Failed', active: 'Still running' } as const
const statusVariant = { passed: 'profit', failed: 'loss', active: 'neutral' } as const
const ruleNames = { dailyLoss: 'daily-loss', maxLoss: 'max-loss' } as const

function RuleCell({
  rule,
  isLoss,
}: {
  rule: Verdict['rules'][number] | undefined
  isLoss: boolean
}) {
  if (!rule || !rule.applies) return <span className="text-muted-foreground">—</span>
  const text = rule.held ? (isLoss ? 'Held' : 'Met') : isLoss ? 'Broken' : 'Not met'
  return (
    <span className={rule.held ? 'text-profit' : isLoss ? 'text-loss' : 'text-muted-foreground'}>
      {text}
    </span>
  )
}

/**
 * Issue 12 item 7: this trading judged under every plan of the catalogue by the evaluator the
 * live risk runs: which rules would have held, and when the first breach would have come.
 */
export function WhatIfTable({ whatIf }: { whatIf: NonNullable<AccountMetricsDto['whatIf']> }) {
  return (
    <Card className="grid gap-2 p-4" data-testid="what-if">
      <h2 className="text-lg font-semibold">Rule what-if</h2>
      <p className="text-sm text-muted-foreground">
        The same trading judged under each plan of the catalogue at this account size.
      </p>
      <Table scrollLabel="Rule what-if by plan">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Plan</TableHead>
            <TableHead scope="col">Verdict</TableHead>
            {ruleColumns.map((column) => (
              <TableHead scope="col" key={column.key}>
                {column.label}
              </TableHead>
            ))}
            <TableHead scope="col">First breach / pass</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {whatIf.map((verdict) => (
            <TableRow key={verdict.planKey} data-plan={verdict.planKey}>
              <TableCell className="font-medium">{verdict.label}</TableCell>
              <TableCell>
                <Badge variant={statusVariant[verdict.status]}>{statusText[verdict.status]}</Badge>
              </TableCell>
              {ruleColumns.map((column) => (
                <TableCell key={column.key}>
                  <RuleCell
                    rule={verdict.rules.find((rule) => rule.key === column.key)}
                    isLoss={column.key === 'dailyLoss' || column.key === 'maxLoss'}
                  />
                </TableCell>
              ))}
              <TableCell>
                {verdict.breach
                  ? `${ruleNames[verdict.breach.rule]} floor ${money(verdict.breach.floor)} broken ${instant(verdict.breach.t)}`
                  : verdict.passedAt
                    ? `passed ${instant(verdict.passedAt)}`
                    : 'no breach'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}
