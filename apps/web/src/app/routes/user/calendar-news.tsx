import { PageHeader } from '@/components/page-header'
import { CalendarNews } from '@/features/economic-calendar/components/calendar-news'

export default function CalendarNewsRoute() {
  return (
    <>
      <PageHeader
        title="Economic Calendar & News"
        description="The coming week's economic releases by day, with their expected impact."
      />
      <CalendarNews />
    </>
  )
}
