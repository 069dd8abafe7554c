import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

type PagerProps = {
  page: number
  pageCount: number
  /** e.g. "Page 2 of 5 · 48 users", or a loading text */
  status: string
  /** while a page loads, both buttons wait */
  isBusy?: boolean
  onPage: (page: number) => void
}

/** Previous / Next paging of a server-paged list, with its position read out politely. */
export function Pager({ page, pageCount, status, isBusy = false, onPage }: PagerProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {status}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1 || isBusy}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pageCount || isBusy}
        >
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  )
}
