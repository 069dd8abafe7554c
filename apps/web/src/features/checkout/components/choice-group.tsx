import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

export type Choice<T extends string | number> = {
  value: T
  label: string
  /** a second line under the label (a fee, a hint) */
  detail?: ReactNode
  isDisabled?: boolean
}

type ChoiceGroupProps<T extends string | number> = {
  legend: ReactNode
  choices: readonly Choice<T>[]
  value: T | null
  onChange: (value: T) => void
  /** grid columns of the options, e.g. 'grid-cols-2 sm:grid-cols-4' */
  columnsClassName?: string
  className?: string
}

/**
 * One step of the selection: native radio buttons (Tab reaches the group, arrow keys move within
 * it, the legend names it) shown as selectable tiles.
 */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  columnsClassName = 'grid-cols-2',
  className,
}: ChoiceGroupProps<T>) {
  const name = useId()
  return (
    <fieldset className={cn('grid min-w-0 gap-2', className)}>
      <legend className="mb-2 text-sm leading-none font-semibold">{legend}</legend>
      <div className={cn('grid gap-2', columnsClassName)}>
        {choices.map((choice) => {
          const detailId = `${name}-${String(choice.value)}-detail`
          return (
            <label key={String(choice.value)} className="relative min-w-0 cursor-pointer">
              <input
                type="radio"
                name={name}
                value={String(choice.value)}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                disabled={choice.isDisabled}
                aria-label={choice.label}
                aria-describedby={choice.detail ? detailId : undefined}
                className="peer sr-only"
              />
              <span className="flex h-full min-h-11 flex-col items-center justify-center gap-0.5 rounded-lg border border-border bg-surface-2 px-2 py-2 text-center text-sm font-semibold text-muted-foreground transition-colors peer-checked:border-primary peer-checked:bg-primary/10 peer-checked:text-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:text-foreground">
                <span>{choice.label}</span>
                {choice.detail ? (
                  <span id={detailId} className="text-xs font-normal text-muted-foreground">
                    {choice.detail}
                  </span>
                ) : null}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
