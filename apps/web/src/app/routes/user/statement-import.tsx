import { Link } from 'react-router'
import { statementImportMessages as text } from '@tp/api/statement-import'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { StatementCheckWithMetrics } from '../../islands/statement-check'

/** A signed-in trader checks a statement and may save it as a read-only imported account. */
export default function StatementImportRoute() {
  return (
    <>
      <PageHeader title={text.traderTitle} description={text.traderIntro} />
      <StatementCheckWithMetrics
        canSave
        savedLink={
          <Link to={paths.user.analyticsView.getHref()} className="text-primary underline">
            Open analytics
          </Link>
        }
      />
    </>
  )
}
