import { statementImportMessages as text } from '@tp/api/statement-import'
import { Island } from '@/components/island'
import { PageHeader } from '@/components/page-header'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'
import { StatementCheckWithMetrics } from '../../islands/statement-check'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.tools.statementCheck.path)

/** Public: a visitor checks a MetaTrader statement in the browser; nothing is uploaded. */
export default function StatementCheckRoute() {
  return (
    <section className="mx-auto w-full max-w-5xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader title={text.publicTitle} description={text.publicIntro} />
      <Island name="statement-check">
        <StatementCheckWithMetrics />
      </Island>
    </section>
  )
}
