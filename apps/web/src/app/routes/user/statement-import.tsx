import { Link } from 'react-router'
import { statementImportMessages as text } from '@tp/api/statement-import'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { StatementCheck } from '@/features/statement-import/components/statement-check'

/** A signed-in trader checks a statement and may save it as a read-only imported account. */
export default function StatementImportRoute() {
  return (
    <>
      <PageHeader title={text.traderTitle} description={text.traderIntro} />
      <StatementCheck
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
