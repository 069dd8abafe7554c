import { TestimonialsPage } from '@/features/info-pages/components/testimonials-page'

/** Title and meta description of the page. */
export const handle = {
  title: 'Testimonials',
  description:
    'Sample testimonials of traders taking a Tradepeak challenge on a simulated account, and a link to independent reviews.',
}

export default function TestimonialsRoute() {
  return <TestimonialsPage />
}
