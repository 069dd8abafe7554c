import { CircleCheck, MailX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { messages } from '@tp/api/messages'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { useFollowNewsletterLink, type NewsletterLinkAction } from '../api/newsletter-links'

const titles: Record<NewsletterLinkAction, string> = {
  confirm: 'Newsletter subscription',
  unsubscribe: 'Unsubscribe from the newsletter',
}

/**
 * Where the newsletter emails' links land (decision 0026): the token of the link is sent once on
 * arrival and the result shown. Following a link again shows the same result.
 */
export function NewsletterLinkResult({ action }: { action: NewsletterLinkAction }) {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const follow = useFollowNewsletterLink()
  const sentFor = useRef<string | null>(null)

  useEffect(() => {
    if (!token || sentFor.current === token) return
    sentFor.current = token
    follow.mutate({ action, token })
  }, [action, token, follow])

  const Icon = action === 'confirm' ? CircleCheck : MailX
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16 text-center">
      <Icon aria-hidden className="mx-auto size-10 text-primary" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{titles[action]}</h1>
      {!token ? (
        <Alert variant="error">{messages.service.newsletterLinkInvalid}</Alert>
      ) : follow.isError ? (
        <Alert variant="error">{getErrorMessage(follow.error)}</Alert>
      ) : follow.data ? (
        <Alert variant="success" data-testid="newsletter-link-result">
          {follow.data.message}
          <span className="mt-1 block text-muted-foreground">{follow.data.email}</span>
        </Alert>
      ) : (
        <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
          <Spinner /> One moment...
        </p>
      )}
      <Button asChild variant="outline" className="mx-auto">
        <Link to={paths.home.getHref()}>Back to the home page</Link>
      </Button>
    </section>
  )
}
