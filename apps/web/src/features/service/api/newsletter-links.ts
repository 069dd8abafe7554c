import { useMutation } from '@tanstack/react-query'
import { newsletterTokenResponseSchema } from '@tp/api/service'
import { api } from '@/lib/api-client'

// POST /api/service/newsletter/confirm | unsubscribe {token} -> { status, email, message }
// The pages the newsletter emails link to; both calls are idempotent.

export type NewsletterLinkAction = 'confirm' | 'unsubscribe'

export async function followNewsletterLink(input: { action: NewsletterLinkAction; token: string }) {
  return api.post(
    `/service/newsletter/${input.action}`,
    { token: input.token },
    newsletterTokenResponseSchema,
    { authenticated: false },
  )
}

export function useFollowNewsletterLink() {
  return useMutation({ mutationFn: followNewsletterLink })
}
