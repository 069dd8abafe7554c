import { useId, useMemo, useState, type FormEvent } from 'react'
import type { AccountMetricsDto, JournalEntryDto } from '@tp/api/analytics'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { fieldClasses, Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { instant, resultClass, signedMoney } from '../utils/format'

export type JournalProps = {
  entries: readonly JournalEntryDto[]
  /** saves one trade's note and tags; rejects with the server's message */
  onSave: (edit: { tradeId: string; note: string; tags: string[] }) => Promise<unknown>
}

const PAGE = 50
/** the CSV exports' code (csv-stringify and the download) loads with the first export */
const loadCsv = () => import('../utils/csv')
const ALL = ''

/** "breakout, London  retest" -> ['breakout', 'london', 'retest'] (the server checks each). */
function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((tag) => tag.toLowerCase()),
    ),
  ]
}

/**
 * Issue 12 item 6: the trades newest first with their notes and tags (when a journal is given:
 * an imported statement shows the trades alone), filtered by tag, and the CSV exports.
 */
export function TradeJournal({
  metrics,
  journal,
  filePrefix,
}: {
  metrics: AccountMetricsDto
  journal?: JournalProps
  /** file names of the exports: `${filePrefix}-trades.csv` */
  filePrefix: string
}) {
  const filterId = useId()
  const [tag, setTag] = useState(ALL)
  const [editing, setEditing] = useState<string | null>(null)
  const [shown, setShown] = useState(PAGE)
  const entries = useMemo(
    () => new Map((journal?.entries ?? []).map((entry) => [entry.tradeId, entry])),
    [journal?.entries],
  )
  const tags = useMemo(
    () => [...new Set((journal?.entries ?? []).flatMap((entry) => entry.tags))].sort(),
    [journal?.entries],
  )
  const trades = useMemo(() => {
    const newestFirst = [...metrics.trades].reverse()
    return tag === ALL
      ? newestFirst
      : newestFirst.filter((t) => entries.get(t.id)?.tags.includes(tag))
  }, [metrics.trades, entries, tag])

  return (
    <Card className="grid gap-3 p-4" data-testid="trade-journal">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Trade journal</h2>
        <div className="flex flex-wrap items-end gap-2">
          {journal && (
            <div className="grid gap-1">
              <Label htmlFor={filterId}>Filter by tag</Label>
              <select
                id={filterId}
                className={cn(fieldClasses, 'h-9 py-1')}
                value={tag}
                onChange={(event) => {
                  setTag(event.target.value)
                  setShown(PAGE)
                }}
              >
                <option value={ALL}>All trades</option>
                {tags.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              const { downloadText, tradesCsv } = await loadCsv()
              downloadText(`${filePrefix}-trades.csv`, await tradesCsv(metrics, journal?.entries))
            }}
          >
            Export trades CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              const { dailyCsv, downloadText } = await loadCsv()
              downloadText(`${filePrefix}-daily.csv`, await dailyCsv(metrics))
            }}
          >
            Export daily results CSV
          </Button>
        </div>
      </div>
      {trades.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {tag === ALL ? 'No closed trades yet.' : `No trade is tagged “${tag}”.`}
        </p>
      ) : (
        <Table scrollLabel="Trade journal">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Closed</TableHead>
              <TableHead scope="col">Symbol</TableHead>
              <TableHead scope="col">Type</TableHead>
              <TableHead scope="col" className="text-right">
                Lots
              </TableHead>
              <TableHead scope="col" className="text-right">
                Result
              </TableHead>
              {journal && <TableHead scope="col">Tags and note</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {trades.slice(0, shown).map((trade) => {
              const entry = entries.get(trade.id)
              return (
                <TableRow key={trade.id} data-trade={trade.id}>
                  <TableCell className="whitespace-nowrap">{instant(trade.closeTime)}</TableCell>
                  <TableCell>{trade.symbol}</TableCell>
                  <TableCell className="capitalize">{trade.side}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {trade.volume.toFixed(2)}
                  </TableCell>
                  <TableCell className={`text-right tabular-nums ${resultClass(trade.result)}`}>
                    {signedMoney(trade.result)}
                  </TableCell>
                  {journal && (
                    <TableCell className="min-w-64">
                      {editing === trade.id ? (
                        <JournalForm
                          tradeId={trade.id}
                          entry={entry}
                          onSave={journal.onSave}
                          onDone={() => setEditing(null)}
                        />
                      ) : (
                        <div className="grid gap-1">
                          <div className="flex flex-wrap gap-1">
                            {entry?.tags.map((name) => (
                              <Badge key={name} variant="neutral">
                                {name}
                              </Badge>
                            ))}
                          </div>
                          {entry?.note && (
                            <p className="text-sm whitespace-pre-wrap">{entry.note}</p>
                          )}
                          <Button
                            variant="link"
                            className="h-auto justify-self-start px-0"
                            onClick={() => setEditing(trade.id)}
                            aria-label={`${entry ? 'Edit' : 'Add'} note for trade ${trade.id}`}
                          >
                            {entry ? 'Edit note' : 'Add note'}
                          </Button>
                        </div>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      {trades.length > shown && (
        <Button variant="outline" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, trades.length - shown)} more of {trades.length - shown}
        </Button>
      )}
    </Card>
  )
}

function JournalForm({
  tradeId,
  entry,
  onSave,
  onDone,
}: {
  tradeId: string
  entry: JournalEntryDto | undefined
  onSave: JournalProps['onSave']
  onDone: () => void
}) {
  const noteId = useId()
  const tagsId = useId()
  const errorId = useId()
  const [note, setNote] = useState(entry?.note ?? '')
  const [tags, setTags] = useState(entry?.tags.join(' ') ?? '')
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setIsSaving(true)
    setError(null)
    try {
      await onSave({ tradeId, note, tags: parseTags(tags) })
      onDone()
    } catch (failure) {
      setError(getErrorMessage(failure))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form className="grid gap-2" onSubmit={submit} aria-label={`Journal of trade ${tradeId}`}>
      <Label htmlFor={noteId}>Note</Label>
      <Textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      <Label htmlFor={tagsId}>Tags (separated by spaces)</Label>
      <Input
        id={tagsId}
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
