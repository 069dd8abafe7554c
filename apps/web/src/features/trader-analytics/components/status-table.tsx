import type { ReactNode } from 'react'
import type { AnalysisDataDto } from '@tp/api/analytics'
import { ExternalLink } from '@/components/external-link'
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table'
import { dateTime, day, money } from '../utils/format'

const downloads = [
  ['windows', 'Windows'],
  ['android', 'Android'],
  ['ios', 'iOS'],
  ['mac', 'macOS'],
] as const

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <th
        scope="row"
        className="w-48 px-3 py-2.5 text-left text-sm font-medium text-muted-foreground"
      >
        {label}
      </th>
      <TableCell className="whitespace-normal">{children}</TableCell>
    </TableRow>
  )
}

/** The status table of spec 2.12: status text (spec 4), dates, size, terminal downloads. */
export function StatusTable({ analysis }: { analysis: AnalysisDataDto }) {
  const platformName = analysis.mtAccount.platform === 'mt4' ? 'MetaTrader 4' : 'MetaTrader 5'
  return (
    <Table aria-label="Account status">
      <TableBody>
        <Row label="Status">{analysis.status}</Row>
        <Row label="Start">{day(analysis.start)}</Row>
        <Row label="End">{day(analysis.end)}</Row>
        <Row label="Account Size">{money(analysis.accountSize)}</Row>
        <Row label="Platform Terminal Download">
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            {downloads.map(([key, label]) => (
              <ExternalLink
                key={key}
                href={analysis.platform[key]}
                className="text-primary underline-offset-4 hover:underline"
                aria-label={`${platformName} for ${label} (opens in a new tab)`}
              >
                {label}
              </ExternalLink>
            ))}
          </span>
        </Row>
        <Row label="Last updated">{dateTime(analysis.updated)}</Row>
      </TableBody>
    </Table>
  )
}
