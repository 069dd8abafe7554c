import { ArrowLeft, Mail } from 'lucide-react'
import { DateTime } from 'luxon'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { usePublicConfig } from '@/lib/public-config'
import { useMailMessage } from '../api/get-mail-message'
import { useMailbox } from '../api/get-mailbox'
import { MailLinks } from './mail-links'

function formatReceived(iso: string) {
  const date = DateTime.fromISO(iso)
  return date.isValid ? date.toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS) : iso
}

function NotAvailable() {
  return (
    <EmptyState
      icon={<Mail aria-hidden />}
      title="The mailbox is not available here"
      description="Emails are captured by the app only in development. In production they are delivered to their recipients."
    />
  )
}

/** Mail captured by the app's own SMTP server in development, newest first. */
export function MailboxList() {
  const config = usePublicConfig()
  const isAvailable = config.data?.devMailbox ?? false
  const mailbox = useMailbox({ isEnabled: isAvailable })

  if (config.isSuccess && !isAvailable) return <NotAvailable />
  if (mailbox.isError) return <Alert variant="error">{getErrorMessage(mailbox.error)}</Alert>
  if (!mailbox.data) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading mail">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    )
  }
  if (mailbox.data.length === 0) {
    return (
      <EmptyState
        icon={<Mail aria-hidden />}
        title="No mail yet"
        description="Emails the app sends (password resets, account credentials) appear here within seconds."
      />
    )
  }
  return (
    <ul className="grid gap-2" aria-label="Captured emails">
      {mailbox.data.map((message) => (
        <li key={message.id}>
          <Link
            to={paths.admin.mailboxMessage.getHref(message.id)}
            className="grid gap-1 rounded-lg border border-border bg-surface p-4 transition-colors hover:border-primary/60 hover:bg-surface-2 sm:grid-cols-[1fr_auto] sm:gap-4"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">
                {message.subject || '(no subject)'}
              </span>
              <span className="block truncate text-sm text-muted-foreground">
                To {message.to.join(', ')}
              </span>
            </span>
            <span className="text-sm text-muted-foreground">
              {formatReceived(message.receivedAt)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** One captured email with its links clickable, so a local password reset can be finished. */
export function MailView({ messageId }: { messageId: string }) {
  const config = usePublicConfig()
  const isAvailable = config.data?.devMailbox ?? false
  const message = useMailMessage(messageId, { isEnabled: isAvailable })

  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={paths.admin.mailbox.getHref()}>
        <ArrowLeft aria-hidden className="size-4" />
        All mail
      </Link>
    </Button>
  )

  if (config.isSuccess && !isAvailable) return <NotAvailable />
  if (message.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <Alert variant="error">{getErrorMessage(message.error)}</Alert>
      </div>
    )
  }
  if (!message.data) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading mail">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40" />
      </div>
    )
  }

  const mail = message.data
  return (
    <div className="grid gap-4">
      {back}
      <Card>
        <CardHeader>
          <CardTitle>{mail.subject || '(no subject)'}</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">From</dt>
            <dd className="min-w-0 break-all">{mail.from}</dd>
            <dt className="text-muted-foreground">To</dt>
            <dd className="min-w-0 break-all">{mail.to.join(', ')}</dd>
            <dt className="text-muted-foreground">Received</dt>
            <dd>{formatReceived(mail.receivedAt)}</dd>
          </dl>
        </CardHeader>
        <CardContent className="grid gap-6">
          <section aria-labelledby="mail-links-title" className="grid gap-2">
            <h2 id="mail-links-title" className="text-sm font-semibold">
              Links
            </h2>
            <MailLinks links={mail.links} />
          </section>
          <section aria-labelledby="mail-text-title" className="grid gap-2">
            <h2 id="mail-text-title" className="text-sm font-semibold">
              Message
            </h2>
            <pre className="overflow-x-auto rounded-lg bg-surface-2 p-4 font-mono text-sm whitespace-pre-wrap">
              {mail.text || '(this email has no text part)'}
            </pre>
          </section>
        </CardContent>
      </Card>
    </div>
  )
}
