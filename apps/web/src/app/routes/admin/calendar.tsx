import { PageHeader } from '@/components/page-header'
import { AdminCalendar } from '@/features/economic-calendar/components/admin-calendar'

export default function AdminCalendarRoute() {
  return (
    <>
      <PageHeader
        title="Economic Calendar"
        description="The events traders see and the Instant Funding news rule enforces: added by hand, imported from CSV or ICS files, or synced from the feed."
      />
      <AdminCalendar />
    </>
  )
}
