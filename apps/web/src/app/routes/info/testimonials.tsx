import { TestimonialsPage } from '@/features/info-pages/components/testimonials-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.testimonials.path)

export default function TestimonialsRoute() {
  return <TestimonialsPage />
}
