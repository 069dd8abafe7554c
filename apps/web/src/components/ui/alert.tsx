import { cva, type VariantProps } from 'class-variance-authority'
import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

const alertVariants = cva(
  'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-surface-2 text-foreground [&>svg]:text-primary',
        success: 'border-profit/40 bg-profit/10 text-foreground [&>svg]:text-profit',
        error: 'border-destructive/50 bg-destructive/10 text-foreground [&>svg]:text-destructive',
      },
    },
    defaultVariants: { variant: 'info' },
  },
)

const icons = { info: Info, success: CircleCheck, error: CircleAlert } as const

/** An inline message that stays (toasts vanish after 3 s); errors are announced at once. */
export function Alert({
  className,
  variant = 'info',
  children,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  const Icon = icons[variant ?? 'info']
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
