import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import type { AntiBotFields } from '@tp/api/service'
import { serverErrorsOf, type ServerErrors } from '@/lib/server-errors'
import { useFormStart } from './use-form-start'

/** What the form says under its title after a send: the server's message or why it failed. */
export type FormOutcome = { kind: 'success' | 'error'; text: string } | null

type ProtectedFormOptions<Fields extends FieldValues, Body> = {
  /** the shared schema of @tp/api/service the server validates with too */
  schema: z.ZodType<Fields, Fields>
  emptyValues: Fields
  /** the form's fields, where the server's refusals are shown */
  fields: readonly (Path<Fields> & string)[]
  /** the POST, answering the spec's success message */
  mutation: UseMutationResult<string, Error, Body & AntiBotFields>
  /** the request body from what was typed (e.g. an empty optional field left out) */
  toBody: (values: Fields) => Body
  /** the failure's text under the form (the toast's too, unless `failureToast`) */
  failureText: (found: ServerErrors<Path<Fields> & string>, error: unknown) => string
  failureToast?: string
}

/**
 * One public form of the service feature (decision 0026): react-hook-form with the shared schema,
 * the anti-bot half (form-start token, minimum fill time, honeypot: useFormStart), the POST, and
 * the outcome: a toast and a message in the form, the server's refusals on their fields, the
 * form emptied on success, a refused token renewed. The contact, partner and newsletter forms
 * differ only in their fields and words.
 */
export function useProtectedForm<Fields extends FieldValues, Body>({
  schema,
  emptyValues,
  fields,
  mutation,
  toBody,
  failureText,
  failureToast,
}: ProtectedFormOptions<Fields, Body>) {
  const { antiBotFields, honeypotRef, renewIfTokenRefused } = useFormStart()
  const [isWaiting, setIsWaiting] = useState(false)
  const [outcome, setOutcome] = useState<FormOutcome>(null)
  const form = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues as DefaultValues<Fields>,
  })

  const fail = (error: unknown) => {
    renewIfTokenRefused(error)
    const found = serverErrorsOf(error, fields)
    for (const field of fields) {
      const message = found.fields[field]
      if (message) form.setError(field, { message })
    }
    const text = failureText(found, error)
    toast.error(failureToast ?? text)
    setOutcome({ kind: 'error', text })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null)
    setIsWaiting(true)
    let antiBot: AntiBotFields
    try {
      // waits out the minimum fill time on the button (a fresh token if it went stale)
      antiBot = await antiBotFields()
    } catch (error) {
      setIsWaiting(false)
      fail(error)
      return
    }
    setIsWaiting(false)
    mutation.mutate(
      { ...toBody(values), ...antiBot },
      {
        onSuccess: (message) => {
          toast.success(message)
          setOutcome({ kind: 'success', text: message })
          form.reset(emptyValues)
        },
        onError: fail,
      },
    )
  })

  return {
    form,
    errors: form.formState.errors,
    onSubmit,
    outcome,
    honeypotRef,
    isPending: isWaiting || mutation.isPending,
  }
}
