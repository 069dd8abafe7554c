import { FaqPage } from '@/features/info-pages/components/faq-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.faq.path)

export default function FaqRoute() {
  return <FaqPage />
}
