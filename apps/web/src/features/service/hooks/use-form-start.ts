import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import { HONEYPOT_FIELD, type AntiBotFields } from '@tp/api/service'
import { ApiError } from '@/lib/api-client'
import { formTokenQueryKey, getFormToken, type FormStart } from '../api/get-form-token'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The anti-bot half of a public form (decision 0026): the form-start token, asked for when the
 * form is shown, and the honeypot input. `antiBotFields()` gives what goes with the form: a token
 * still valid (a fresh one if it went stale), once the minimum fill time since it has passed, so
 * a person who fills the form quickly waits a moment on the button instead of being refused.
 */
export function useFormStart() {
  const queryClient = useQueryClient()
  const honeypotRef = useRef<HTMLInputElement>(null)
  useQuery({
    queryKey: formTokenQueryKey,
    queryFn: ({ signal }) => getFormToken(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

  const antiBotFields = useCallback(async (): Promise<AntiBotFields> => {
    const cached = queryClient.getQueryData<FormStart>(formTokenQueryKey)
    const start: FormStart =
      cached && cached.staleAt > Date.now()
        ? cached
        : await queryClient.fetchQuery({
            queryKey: formTokenQueryKey,
            queryFn: ({ signal }) => getFormToken(signal),
            staleTime: 0,
          })
    const remainingMs = start.readyAt - Date.now()
    if (remainingMs > 0) await wait(remainingMs)
    return { formToken: start.token, [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '' }
  }, [queryClient])

  /** After a refusal of the token itself (expired, or the server's secret changed): a new one. */
  const renewIfTokenRefused = useCallback(
    (error: unknown) => {
      const details = error instanceof ApiError ? (error.body?.details ?? []) : []
      if (details.some((detail) => detail.path === 'formToken')) {
        void queryClient.invalidateQueries({ queryKey: formTokenQueryKey })
      }
    },
    [queryClient],
  )

  return { antiBotFields, honeypotRef, renewIfTokenRefused }
}
