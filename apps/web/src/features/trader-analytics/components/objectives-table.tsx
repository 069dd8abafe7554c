import type { ObjectiveDto } from '@tp/api/analytics'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { money, percent } from '../utils/format'

function figure(unit: ObjectiveDto['unit'], value: number): string {
  if (unit === 'amount') return money(value)
  if (unit === 'percent') return percent(value)
  return `${value} ${value === 1 ? 'day' : 'days'}`
}

const stateTone: Record<ObjectiveDto['state'], string> = {
  passed: 'text-profit',
  failed: 'text-loss',
  inProgress: 'text-muted-foreground',
}

/**
 * The objectives table of spec 2.12 (Trading Objectives / Results / Summary): one row per rule of
 * the account's own rulebook, judged by the server's evaluation engine.
 */
export function ObjectivesTable({ objectives }: { objectives: readonly ObjectiveDto[] }) {
  return (
    <Table aria-label="Trading objectives">
      <TableHeader>
        <TableRow>
          <TableHead>Trading Objectives</TableHead>
          <TableHead>Results</TableHead>
          <TableHead>Summary</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {objectives.map((objective) => (
          <TableRow key={objective.key}>
            <TableCell className="whitespace-normal">{objective.label}</TableCell>
            <TableCell className="whitespace-normal tabular-nums">
              {objective.result === null ? '-' : figure(objective.unit, objective.result)}
              <span className="text-muted-foreground">
                {' '}
                / {figure(objective.unit, objective.target)}
              </span>
            </TableCell>
            <TableCell className={cn('font-semibold', stateTone[objective.state])}>
              {objective.summary}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
