import { MessagesSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { ExternalLink } from '@/components/external-link'
import { communityLinks } from '@/config/company'

/**
 * The newsletter section (spec 2.3): the sign-up form (the service feature's, handed in by the
 * page) beside the Discord community card.
 */
export function NewsletterSection({ form }: { form: ReactNode }) {
  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <div className="min-w-0 rounded-xl border border-border bg-surface p-6">{form}</div>
      <div className="grid content-between gap-4 rounded-xl border border-[#5865f2]/40 bg-[#5865f2]/10 p-6">
        <div>
          <MessagesSquare aria-hidden className="mb-3 size-6 text-[#a5b4fc]" />
          <h3 className="text-lg font-semibold">Join us on Discord</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Ask about the rules, share setups and hear about new plans first, with the team in the
            room.
          </p>
        </div>
        <ExternalLink
          href={communityLinks.discordCommunity.href}
          className="inline-flex h-10 items-center justify-center rounded-md bg-[#5865f2] px-4 text-sm font-semibold text-white hover:bg-[#4752c4]"
        >
          {communityLinks.discordCommunity.label}
        </ExternalLink>
      </div>
    </div>
  )
}
