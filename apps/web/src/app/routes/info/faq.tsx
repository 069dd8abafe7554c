import { FaqPage } from '@/features/info-pages/components/faq-page'

/** Title and meta description of the page. */
export const handle = {
  title: 'Frequently Asked Questions',
  description:
    'Answers about Tradepeak challenges: platforms, expert advisors, news and weekend trading, payouts, fee refunds and minimum trading days.',
}

export default function FaqRoute() {
  return <FaqPage />
}
