import type { UseFormRegisterReturn } from 'react-hook-form'
import { cn } from '@/lib/utils'

type Option<T extends string> = { value: T; label: string; checkedClass?: string }

/**
 * A row of radio buttons that looks like a segmented control: native radios (arrow keys move
 * between them, the legend names the group), visually replaced by their labels.
 */
export function SegmentedRadio<T extends string>({
  legend,
  options,
  registration,
  className,
}: {
  legend: string
  options: readonly Option<T>[]
  registration: UseFormRegisterReturn
  className?: string
}) {
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div
        className="grid gap-1 rounded-lg bg-surface-2 p-1"
        style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
      >
        {options.map((option) => (
          <label key={option.value} className="relative cursor-pointer">
            <input type="radio" value={option.value} className="peer sr-only" {...registration} />
            <span
              className={cn(
                'flex h-9 items-center justify-center rounded-md text-sm font-semibold text-muted-foreground transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:text-foreground',
                option.checkedClass ?? 'peer-checked:bg-surface peer-checked:text-foreground',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
