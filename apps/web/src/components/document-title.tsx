import { company } from '@/config/company'

/** React 19 hoists <title> into <head>; every page names itself for tabs and screen readers. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${company.name}` : company.name}</title>
}
