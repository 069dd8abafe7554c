import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { economicEventInputSchema, type EconomicEvent } from '@tp/api/calendar'
import { economicImpactLabels, economicImpacts, type EconomicImpact } from '@tp/domain/calendar'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { fieldClasses, Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useSaveEconomicEvent } from '../api/admin-calendar'

/** "2026-12-04T13:30" (UTC) for a datetime-local field, and back to an instant. */
const toFieldValue = (iso: string) => iso.slice(0, 16)
const toInstant = (value: string) => (value ? `${value}:00Z` : '')

type Draft = {
  time: string
  currency: string
  title: string
  impact: EconomicImpact
  /** optional: the audit entry otherwise says "by hand" (decision 0055) */
  reason: string
}

/** Create (no `event`) or edit an economic event; times are entered in UTC. */
export function EventDialog({ event, trigger }: { event?: EconomicEvent; trigger: ReactNode }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const initial: Draft = event
    ? {
        time: toFieldValue(event.time),
        currency: event.currency,
        title: event.title,
        impact: event.impact,
        reason: '',
      }
    : { time: '', currency: '', title: '', impact: 'high', reason: '' }
  const [draft, setDraft] = useState<Draft>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveEconomicEvent()

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault()
    const parsed = economicEventInputSchema.safeParse({
      ...draft,
      time: toInstant(draft.time),
      reason: draft.reason.trim() || undefined,
    })
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    save.mutate(
      { ...parsed.data, ...(event ? { id: event.id } : {}) },
      {
        onSuccess: () => {
          toast.success(event ? 'Event saved.' : 'Event added.')
          setOpen(false)
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setDraft(initial)
          setErrors({})
          save.reset()
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{event ? 'Edit event' : 'Add event'}</DialogTitle>
          <DialogDescription>Times are in UTC.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label="Time (UTC)" id={`${id}-time`} error={errors.time}>
            <Input
              id={`${id}-time`}
              type="datetime-local"
              value={draft.time}
              onChange={(e) => setDraft({ ...draft, time: e.target.value })}
            />
          </FormField>
          <FormField label="Currency" id={`${id}-currency`} error={errors.currency}>
            <Input
              id={`${id}-currency`}
              maxLength={3}
              placeholder="USD"
              value={draft.currency}
              onChange={(e) => setDraft({ ...draft, currency: e.target.value.toUpperCase() })}
            />
          </FormField>
          <FormField label="Title" id={`${id}-title`} error={errors.title}>
            <Input
              id={`${id}-title`}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </FormField>
          <FormField label="Impact" id={`${id}-impact`}>
            <select
              id={`${id}-impact`}
              className={cn(fieldClasses, 'h-9 py-1.5')}
              value={draft.impact}
              onChange={(e) => setDraft({ ...draft, impact: e.target.value as EconomicImpact })}
            >
              {economicImpacts.map((impact) => (
                <option key={impact} value={impact}>
                  {economicImpactLabels[impact]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label="Reason (optional)"
            id={`${id}-reason`}
            hint="Kept in the audit log."
            error={errors.reason}
          >
            <Textarea
              id={`${id}-reason`}
              rows={2}
              value={draft.reason}
              onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
            />
          </FormField>
          {save.isError ? (
            <Alert variant="error">
              <p>{getErrorMessage(save.error)}</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
