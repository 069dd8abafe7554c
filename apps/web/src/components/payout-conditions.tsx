import { CircleCheck, CircleX } from 'lucide-react'
import { cn } from '@/lib/utils'

/** Payout conditions, each met or not with its figures (the trader's page and the admin queue). */
export function PayoutConditions({
  conditions,
  label,
  size = 'sm',
}: {
  conditions: readonly { key: string; met: boolean; message: string }[]
  label: string
  size?: 'sm' | 'xs'
}) {
  const icon = size === 'sm' ? 'mt-0.5 size-4' : 'size-3.5'
  return (
    <ul className="grid gap-1.5" aria-label={label}>
      {conditions.map((condition) => (
        <li
          key={condition.key}
          className={cn('flex items-start gap-2', size === 'sm' ? 'text-sm' : 'text-xs')}
        >
          {condition.met ? (
            <CircleCheck className={cn(icon, 'shrink-0 text-profit')} aria-hidden />
          ) : (
            <CircleX className={cn(icon, 'shrink-0 text-loss')} aria-hidden />
          )}
          <span>
            <span className="sr-only">{condition.met ? 'Met: ' : 'Not met: '}</span>
            {condition.message}
          </span>
        </li>
      ))}
    </ul>
  )
}
