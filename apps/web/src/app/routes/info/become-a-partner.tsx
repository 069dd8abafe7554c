import { DocumentTitle } from '@/components/document-title'
import { Island } from '@/components/island'
import { PartnerBenefits } from '@/features/service/components/partner-benefits'
import { PartnerForm } from '@/features/service/components/partner-form'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.becomeAPartner.path)

export default function BecomeAPartnerRoute() {
  return (
    <section className="mx-auto w-full max-w-6xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={handle.title} />
      <header className="mb-8 grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Become a Partner</h1>
        <p className="max-w-2xl text-muted-foreground">
          Grow with Tradepeak. Tell us about yourself and your audience: our partnerships team reads
          every application and answers by email.
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.3fr]">
        <div className="min-w-0">
          <h2 className="mb-4 text-xl font-semibold">What partners get</h2>
          <PartnerBenefits />
        </div>
        <div className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-6">
          <h2 className="mb-4 text-xl font-semibold">Apply now</h2>
          <Island name="partner-form">
            <PartnerForm />
          </Island>
        </div>
      </div>
    </section>
  )
}
