import { documentTitle } from '@/config/company'
import { useIsHeadOwned } from './head-owned'

/**
 * React 19 hoists <title> into <head>; every page names itself for tabs and screen readers. On a
 * public page the layout's PageHead names it (with its description and canonical URL) instead.
 */
export function DocumentTitle({ title }: { title?: string }) {
  const isHeadOwned = useIsHeadOwned()
  if (isHeadOwned) return null
  return <title>{documentTitle(title)}</title>
}
