import { useId, useState } from 'react'
import { toast } from '@/lib/toast'
import type { CalendarImportSummary } from '@tp/api/calendar'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { fieldClasses } from '@/components/ui/input'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useImportCalendar } from '../api/admin-calendar'

function Summary({ summary }: { summary: CalendarImportSummary }) {
  return (
    <div className="grid gap-2 text-sm" data-testid="import-summary">
      <p className="font-medium">
        {summary.dryRun ? 'Preview: ' : 'Imported: '}
        {summary.created} new, {summary.updated} updated, {summary.unchanged} unchanged,{' '}
        {summary.skipped.length} skipped
      </p>
      {summary.skipped.length > 0 ? (
        <ul className="grid max-h-48 gap-1 overflow-auto text-muted-foreground">
          {summary.skipped.map((skip) => (
            <li key={`${skip.at}-${skip.reason}`}>
              Entry {skip.at} ({skip.label}): {skip.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** A CSV (time,currency,title,impact[,uid]) or ICS file: previewed, then imported. */
export function CalendarImport({ canAct }: { canAct: boolean }) {
  const id = useId()
  const [file, setFile] = useState<{ name: string; content: string } | null>(null)
  const importer = useImportCalendar()
  const format = file?.name.toLowerCase().endsWith('.ics') ? 'ics' : 'csv'

  const run = (dryRun: boolean) => {
    if (!file) return
    importer.mutate(
      { format, content: file.content, dryRun },
      {
        onSuccess: (summary) => {
          if (!summary.dryRun) toast.success('Calendar imported.')
        },
      },
    )
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Import a file
      </h2>
      <p className="text-sm text-muted-foreground">
        CSV with the columns time (ISO 8601 with a zone), currency, title, impact and optionally
        uid; or an ICS calendar. Importing the same file again changes nothing.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>Calendar file</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.ics,text/csv,text/calendar"
          className={cn(fieldClasses, 'h-auto py-1.5')}
          disabled={!canAct}
          onChange={async (event) => {
            const picked = event.target.files?.[0]
            importer.reset()
            setFile(picked ? { name: picked.name, content: await picked.text() } : null)
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={!canAct || !file || importer.isPending}
          onClick={() => run(true)}
        >
          Preview
        </Button>
        <Button disabled={!canAct || !file || importer.isPending} onClick={() => run(false)}>
          {importer.isPending ? 'Working…' : 'Import'}
        </Button>
      </div>
      {importer.isError ? (
        <Alert variant="error">
          <p>{getErrorMessage(importer.error)}</p>
        </Alert>
      ) : null}
      {importer.data ? <Summary summary={importer.data} /> : null}
    </section>
  )
}
