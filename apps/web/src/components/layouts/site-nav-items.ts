import { paths } from '@/config/paths'

// The top navigation's links, apart from the menus' icons: the top navigation is an island of
// every public page (decision 0029), and loads only these.

/** Top navigation (spec 2.2). Dashboard is resolved per visitor by the nav itself. */
export const siteNavItems = [
  { label: 'Home', href: paths.home.getHref() },
  { label: 'Dashboard', href: null },
  { label: 'Pricing', href: paths.checkout.pricing.getHref() },
  { label: 'Contact Us', href: paths.info.contactUs.getHref() },
  { label: 'About Us', href: paths.info.aboutUs.getHref() },
  { label: 'FAQs', href: paths.info.faq.getHref() },
] as const
