import { Mail, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ExternalLink } from '@/components/external-link'
import { Logo } from '@/components/logo'
import { communityLinks, company } from '@/config/company'
import { footerNavItems } from './navigation'

const socialLinks = [
  communityLinks.discordCommunity,
  communityLinks.telegramCommunity,
  communityLinks.instagram,
] as const

type FooterProps = {
  /**
   * The e-mail field (spec 2.3): the service feature's newsletter form, handed in by the route tree
   * (shared components import no feature).
   */
  newsletter?: ReactNode
}

/**
 * The public site's footer (spec 2.3): social links (Discord, Telegram, Instagram), the registered
 * office in Vancouver, Canada, the support contact, the newsletter e-mail field and the risk
 * disclaimer. Reachable as /#footer on the landing page.
 */
export function Footer({ newsletter }: FooterProps) {
  return (
    <footer
      id="footer"
      tabIndex={-1}
      className="scroll-mt-16 border-t border-border bg-surface/60 outline-none"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_2fr]">
        <div className="grid content-start gap-4">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">{company.pitch}</p>
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {company.registeredOffice}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Mail aria-hidden className="size-4 shrink-0 text-primary" />
            <span>
              Support:{' '}
              <a
                className="text-foreground hover:text-primary"
                href={`mailto:${company.supportEmail}`}
              >
                {company.supportEmail}
              </a>
            </span>
          </p>
          {newsletter ? (
            <div className="mt-2 grid max-w-sm gap-2">
              <h2 className="text-sm font-semibold">Newsletter</h2>
              {newsletter}
            </div>
          ) : null}
        </div>

        <div className="grid gap-8 sm:grid-cols-2">
          <nav aria-label="Footer">
            <h2 className="mb-3 text-sm font-semibold">Company</h2>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {footerNavItems.map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className="text-muted-foreground hover:text-primary">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="mb-3 text-sm font-semibold">Community</h2>
            <ul className="grid gap-2 text-sm">
              {socialLinks.map((link) => (
                <li key={link.href}>
                  <ExternalLink
                    href={link.href}
                    className="text-muted-foreground hover:text-primary"
                  >
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto grid max-w-7xl gap-3 px-4 py-6 text-xs text-muted-foreground sm:px-6">
          <p>
            <strong className="font-semibold text-foreground">Risk disclaimer.</strong>{' '}
            {company.riskDisclaimer}
          </p>
          {/* prerendered pages carry the year of their build (decision 0025): a page built last
              year keeps it until hydrated, without a mismatch */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {company.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}
