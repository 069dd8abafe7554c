import { DocumentTitle } from '@/components/document-title'
import { Island } from '@/components/island'
import { ContactChannels } from '@/features/service/components/contact-channels'
import { ContactForm } from '@/features/service/components/contact-form'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.contactUs.path)

export default function ContactUsRoute() {
  return (
    <section className="mx-auto w-full max-w-6xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={handle.title} />
      <header className="mb-8 grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="max-w-2xl text-muted-foreground">
          A question about a challenge, a payout or your account? Send us a message and the support
          team will answer you by email.
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
        <div className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-6">
          <h2 className="mb-4 text-xl font-semibold">Send us a message</h2>
          <Island name="contact-form">
            <ContactForm />
          </Island>
        </div>
        <aside aria-label="Support channels" className="min-w-0">
          <h2 className="mb-4 text-xl font-semibold">Other ways to reach us</h2>
          <ContactChannels />
        </aside>
      </div>
    </section>
  )
}
