import { TestimonialsStrip } from '@/components/testimonials-strip'

/** The testimonials strip (spec 2.4) with its link to /testimonials, as the landing page shows it. */
export function LandingTestimonials() {
  return <TestimonialsStrip />
}

export default LandingTestimonials
