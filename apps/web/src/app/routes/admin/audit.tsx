import { PageHeader } from '@/components/page-header'
import { AuditLog } from '@/features/admin-audit/components/audit-log'

export default function AuditRoute() {
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every admin action and money event: who, when, what and why. Entries are never changed or removed."
      />
      <AuditLog />
    </>
  )
}
