import type { ReactNode } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { messages } from '@tp/api/messages'
import { answerMessageSchema, partnershipTypeLabels, type ServiceMessage } from '@tp/api/service'
import { ExternalLink } from '@/components/external-link'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { serverErrorsOf } from '@/lib/server-errors'
import { useAnswerMessage, useMessage } from '../api/messages'
import { formatDateTime, kindLabels, statusLabels } from './format'
import { useCanAdminAct } from '@/lib/admin-role'

function Details({ message }: { message: ServiceMessage }) {
  const rows: [string, ReactNode][] = [
    ['From', `${message.name} <${message.email}>`],
    ['Received', formatDateTime(message.createdAt)],
  ]
  if (message.kind === 'contact') rows.push(['Subject', message.subject ?? '(none)'])
  if (message.partnershipType) {
    rows.push(['Partnership type', partnershipTypeLabels[message.partnershipType]])
  }
  if (message.socialUserName) rows.push(['Social user name', message.socialUserName])
  if (message.socialUrl) {
    rows.push([
      'Social link',
      <ExternalLink
        key="url"
        className="break-all text-primary hover:underline"
        href={message.socialUrl}
      >
        {message.socialUrl}
      </ExternalLink>,
    ])
  }
  if (message.userId) rows.push(['Signed in as', `user ${message.userId}`])
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function AnswerForm({ messageId }: { messageId: string }) {
  const answer = useAnswerMessage(messageId)
  const form = useForm({ resolver: zodResolver(answerMessageSchema), defaultValues: { body: '' } })
  const onSubmit = form.handleSubmit((values) =>
    answer.mutate(values.body, {
      onSuccess: () => {
        toast.success(messages.service.answerSent)
        form.reset({ body: '' })
      },
      onError: (error) => {
        const found = serverErrorsOf(error, ['body'] as const)
        if (found.fields.body) form.setError('body', { message: found.fields.body })
        toast.error(found.form ?? getErrorMessage(error))
      },
    }),
  )
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Answer" className="grid gap-3">
      <FormField
        label="Your answer"
        hint="Emailed to the sender and kept with the message."
        error={form.formState.errors.body?.message}
      >
        <Textarea rows={6} required {...form.register('body')} />
      </FormField>
      <Button type="submit" className="sm:justify-self-start" isPending={answer.isPending}>
        Send answer
      </Button>
    </form>
  )
}

/** One message or application of the admin inbox, its answers, and the form to answer it. */
export function MessageView({ messageId }: { messageId: string }) {
  const query = useMessage(messageId)
  // a support user reads the message and its answers, and cannot answer (decision 0036)
  const canAct = useCanAdminAct()
  const back = (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link to={paths.admin.messages.getHref()}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to the inbox
      </Link>
    </Button>
  )
  if (query.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <Alert variant="error">{getErrorMessage(query.error)}</Alert>
      </div>
    )
  }
  const message = query.data
  if (!message) {
    return (
      <div className="grid gap-4" aria-busy="true">
        {back}
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-32 w-full" />
      </div>
    )
  }
  return (
    <div className="grid max-w-3xl gap-6">
      {back}
      <section
        aria-label="Message"
        className="grid gap-4 rounded-xl border border-border p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={message.kind === 'partner' ? 'warning' : 'default'}>
            {kindLabels[message.kind]}
          </Badge>
          <Badge
            variant={message.status === 'open' ? 'warning' : 'profit'}
            data-testid="message-status"
          >
            {statusLabels[message.status]}
          </Badge>
        </div>
        <h2 className="text-lg font-semibold break-words">{message.subject ?? '(no subject)'}</h2>
        <Details message={message} />
        <p className="rounded-md bg-surface-2 p-4 text-sm whitespace-pre-wrap break-words">
          {message.message}
        </p>
      </section>
      {message.replies.length > 0 ? (
        <section aria-label="Answers" className="grid gap-3">
          <h2 className="text-lg font-semibold">Answers</h2>
          <ol className="grid gap-3">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-lg border border-border p-4 text-sm">
                <p className="mb-2 text-xs text-muted-foreground">
                  {reply.adminEmail ?? 'An admin'} · {formatDateTime(reply.createdAt)}
                </p>
                <p className="whitespace-pre-wrap break-words">{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {canAct ? (
        <section aria-label="Answer the sender" className="grid gap-3">
          <h2 className="text-lg font-semibold">Answer {message.name}</h2>
          <AnswerForm messageId={message.id} />
        </section>
      ) : null}
    </div>
  )
}
