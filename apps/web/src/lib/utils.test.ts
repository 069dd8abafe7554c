import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { buttonVariants } from '@/components/ui/button'
import { cn, mergeClasses } from './utils'

describe('cn', () => {
  it('lets a later utility replace an earlier one of the same kind, under the same variants', () => {
    expect(cn('h-9 px-4 py-2', 'px-2')).toBe('h-9 py-2 px-2')
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive')
    expect(cn('hover:bg-accent bg-card', 'bg-primary')).toBe('hover:bg-accent bg-primary')
    expect(cn('focus-visible:ring-ring/50 focus-visible:ring-[3px]', 'focus-visible:ring-2')).toBe(
      'focus-visible:ring-ring/50 focus-visible:ring-2',
    )
    expect(cn('grid gap-4', 'flex')).toBe('gap-4 flex')
    expect(cn('border-input border', 'border-destructive')).toBe('border border-destructive')
    expect(cn('font-medium font-mono', 'font-semibold')).toBe('font-mono font-semibold')
  })

  it('lets a shorthand replace the longhands before it, not after it', () => {
    expect(cn('px-4 pt-2', 'p-0')).toBe('p-0')
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2')
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6')
    expect(cn('rounded-t-md', 'rounded-none')).toBe('rounded-none')
    expect(cn('shrink-0', 'flex-1')).toBe('flex-1')
  })

  it('keeps classes it does not know, custom classes and conditionals', () => {
    const isHidden = Math.random() > 2
    expect(cn('top-nav top-0', 'order-filled', isHidden && 'hidden', { 'sr-only': true })).toBe(
      'top-nav top-0 order-filled sr-only',
    )
    expect(cn('[overflow-wrap:anywhere] [overflow-wrap:normal]')).toBe('[overflow-wrap:normal]')
    expect(cn('!px-2 px-4')).toBe('!px-2 px-4')
  })

  it('resolves what tailwind-merge resolved for the classes the app writes', () => {
    const cases = [
      cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'h-10 w-full justify-start px-3'),
      cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 rounded-full'),
      'min-h-screen min-h-0 max-w-md max-w-none text-xs text-[13px] leading-6 text-base/7',
      'data-[state=open]:bg-accent data-[state=open]:bg-muted md:grid-cols-2 md:grid-cols-3',
      'overflow-hidden overflow-x-auto truncate text-clip whitespace-nowrap whitespace-normal',
      'border-b border-t border-0 rounded-md rounded-lg shadow-xs shadow-none outline-hidden',
      'absolute inset-0 inset-x-2 top-1/2 -translate-y-1/2 translate-y-0 z-10 z-50',
      'bg-surface/60 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgba(45,212,191,0.18),transparent)]',
    ]
    for (const classes of cases) expect(mergeClasses(classes)).toBe(twMerge(classes))
  })
})
