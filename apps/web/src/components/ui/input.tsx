import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

export const fieldClasses =
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base text-foreground placeholder:text-muted-foreground/70 transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />
}
