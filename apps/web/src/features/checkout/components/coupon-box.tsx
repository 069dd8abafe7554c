import { useState } from 'react'
import type { OrderSummaryDto } from '@tp/api'
import { couponCodeSchema } from '@tp/domain'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

type CouponBoxProps = {
  /** the code being priced, or null */
  code: string | null
  /** the summary's verdict on it (applied with what it took off, or why not) */
  outcome: OrderSummaryDto['coupon'] | undefined
  isChecking: boolean
  onApply: (code: string) => void
  onRemove: () => void
}

/**
 * The coupon box (the spec's was never wired; decisions.md): the code is priced by the server's
 * summary, which says whether it applies and what it takes off.
 */
// level with the input: below the label (text-sm, leading-none) and the field's gap
const buttonOffset = 'mt-[1.375rem]'

export function CouponBox({ code, outcome, isChecking, onApply, onRemove }: CouponBoxProps) {
  const [text, setText] = useState(code ?? '')
  const [formatError, setFormatError] = useState<string | undefined>()
  const verdict = code !== null && outcome && outcome.code === code ? outcome : undefined

  function apply() {
    const parsed = couponCodeSchema.safeParse(text)
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message)
      return
    }
    setFormatError(undefined)
    setText(parsed.data)
    onApply(parsed.data)
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        <FormField label="Coupon code" error={formatError} className="min-w-0 flex-1">
          <Input
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                apply()
              }
            }}
          />
        </FormField>
        {code !== null && text.trim().toUpperCase() === code ? (
          <Button
            variant="outline"
            className={buttonOffset}
            onClick={() => {
              setText('')
              onRemove()
            }}
          >
            Remove
          </Button>
        ) : (
          <Button
            variant="outline"
            className={buttonOffset}
            isPending={isChecking && code !== null}
            onClick={apply}
          >
            Apply
          </Button>
        )}
      </div>
      {verdict ? (
        verdict.isApplied ? (
          <p role="status" className="text-sm font-medium text-profit">
            Coupon {verdict.code} applied: {verdict.message}
          </p>
        ) : (
          <p role="alert" className="text-sm font-medium text-destructive">
            {verdict.message}
          </p>
        )
      ) : null}
    </div>
  )
}
