import { useId, type ReactNode } from 'react'
import { Slot } from 'radix-ui'
import { cn } from '@/lib/utils'
import { Label } from './label'

type FormFieldProps = {
  label: ReactNode
  /** The control (Input, Textarea, ...); it receives id, aria-invalid and aria-describedby. */
  children: ReactNode
  error?: string | undefined
  hint?: ReactNode
  id?: string
  className?: string
}

/**
 * A labelled control with its hint and error text. The error is tied to the control through
 * aria-describedby and announced when it appears, so it is read with the field.
 */
export function FormField({ label, children, error, hint, id, className }: FormFieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <Slot.Root
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </Slot.Root>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
