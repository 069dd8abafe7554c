import { Link2 } from 'lucide-react'

/** Only web links are made clickable: a captured mail is untrusted input. */
export function safeWebLink(value: string): string | null {
  try {
    const url = new URL(value, window.location.origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function MailLinks({ links }: { links: readonly string[] }) {
  const safe = links.map(safeWebLink).filter((link): link is string => link !== null)
  if (safe.length === 0) return <p className="text-sm text-muted-foreground">No links.</p>
  return (
    <ul className="grid gap-2">
      {safe.map((link) => (
        <li key={link} className="flex min-w-0 items-start gap-2">
          <Link2 aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <a href={link} className="min-w-0 text-sm break-all text-primary hover:underline">
            {link}
          </a>
        </li>
      ))}
    </ul>
  )
}
