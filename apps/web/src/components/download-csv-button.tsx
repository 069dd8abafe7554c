import { Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/api-client'
import { downloadApiFile } from '@/lib/download-file'
import { notify } from '@/lib/notify'

/**
 * "Download CSV" of an admin list (issue 14 item 8): the export of `path` (with the list's
 * current filters in its query), streamed by the server, saved under the server's file name.
 */
export function DownloadCsvButton({
  path,
  fallbackName,
  label = 'Download CSV',
}: {
  /** the API path with the filters, e.g. `/admin/exports/users.csv?status=active` */
  path: string
  fallbackName: string
  label?: string
}) {
  const [isPending, setIsPending] = useState(false)
  const download = async () => {
    setIsPending(true)
    try {
      await downloadApiFile(path, fallbackName)
    } catch (error) {
      notify('error', getErrorMessage(error))
    } finally {
      setIsPending(false)
    }
  }
  return (
    <Button variant="outline" isPending={isPending} onClick={() => void download()}>
      <Download aria-hidden className="size-4" />
      {label}
    </Button>
  )
}

/** The query string of a list's filters: the set ones only. */
export function filterQuery(filters: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}
