import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

type SpinnerProps = { className?: string; label?: string }

/** A busy indicator; announced to screen readers only when it stands alone with a label. */
export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  )
}
