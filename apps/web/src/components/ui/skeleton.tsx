import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A placeholder block of the size of the content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-md bg-surface-3', className)}
      {...props}
    />
  )
}
