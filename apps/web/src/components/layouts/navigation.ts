import {
  Award,
  BarChart3,
  CalendarClock,
  CalendarDays,
  CandlestickChart,
  CreditCard,
  GraduationCap,
  Headset,
  Inbox,
  LayoutDashboard,
  Mail,
  PlugZap,
  Receipt,
  ScrollText,
  Settings,
  ShieldAlert,
  TicketPercent,
  Trophy,
  Users,
  Wallet,
  WalletCards,
  type LucideIcon,
} from 'lucide-react'
import { communityLinks } from '@/config/company'
import { paths } from '@/config/paths'

export type NavItem = {
  label: string
  href: string
  icon: LucideIcon
  /** Marks menu entries whose screens later work delivers (spec 2.1's 'Coming Soon'). */
  isComingSoon?: boolean
}

export { siteNavItems } from './site-nav-items'

/** The 13 trader menu items (spec 2.2, 2.1). */
export const traderNavItems: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.user.dashboard.getHref(), icon: LayoutDashboard },
  { label: 'Trading Accounts', href: paths.user.account.getHref(), icon: WalletCards },
  { label: 'Trading Terminal', href: paths.user.tradingTool.getHref(), icon: CandlestickChart },
  { label: 'Analytics', href: paths.user.analyticsView.getHref(), icon: BarChart3 },
  { label: 'Payouts', href: paths.user.payouts.getHref(), icon: Wallet },
  { label: 'Certificates', href: paths.user.certificates.getHref(), icon: Award },
  { label: 'Billing', href: paths.user.billing.getHref(), icon: Receipt },
  { label: 'Leaderboard', href: paths.user.leaderboard.getHref(), icon: Trophy },
  {
    label: 'Economic Calendar & News',
    href: paths.user.calendarNews.getHref(),
    icon: CalendarDays,
  },
  { label: 'Academy', href: paths.user.academy.getHref(), icon: GraduationCap },
  { label: 'Support Team', href: paths.user.supportTeam.getHref(), icon: Headset },
  { label: 'Connect MetaTrader', href: paths.user.connect.getHref(), icon: PlugZap },
  { label: 'Profile Settings', href: paths.profileSettings.getHref(), icon: Settings },
]

export const communityNavItems = [
  communityLinks.telegramCommunity,
  communityLinks.telegramSupport,
  communityLinks.discordCommunity,
] as const

/** Admin menu; the mailbox only exists where the app captures mail itself (development). */
export function adminNavItems({ hasDevMailbox }: { hasDevMailbox: boolean }): NavItem[] {
  return [
    { label: 'Dashboard', href: paths.admin.dashboard.getHref(), icon: LayoutDashboard },
    { label: 'User Accounts', href: paths.admin.userAccount.getHref(), icon: Users },
    { label: 'Orders', href: paths.admin.orders.getHref(), icon: Receipt },
    { label: 'Trading Accounts', href: paths.admin.tradingAccounts.getHref(), icon: CreditCard },
    { label: 'Live Risk', href: paths.admin.risk.getHref(), icon: ShieldAlert },
    { label: 'Payouts', href: paths.admin.payouts.getHref(), icon: Wallet },
    { label: 'Coupons', href: paths.admin.coupons.getHref(), icon: TicketPercent },
    { label: 'Economic Calendar', href: paths.admin.calendar.getHref(), icon: CalendarClock },
    { label: 'Messages', href: paths.admin.messages.getHref(), icon: Inbox },
    { label: 'Audit Log', href: paths.admin.audit.getHref(), icon: ScrollText },
    ...(hasDevMailbox
      ? [{ label: 'Mailbox', href: paths.admin.mailbox.getHref(), icon: Mail }]
      : []),
  ]
}

/** Footer links, in spec 2.1's order. */
export const footerNavItems = [
  { label: 'Home', href: paths.homeAlias.getHref() },
  { label: 'Testimonials', href: paths.info.testimonials.getHref() },
  { label: 'About Us', href: paths.info.aboutUs.getHref() },
  { label: 'FAQ', href: paths.info.faq.getHref() },
  { label: 'Contact Us', href: paths.info.contactUs.getHref() },
  { label: 'Trading Rules', href: paths.info.tradingRules.getHref() },
  { label: 'Terms & Conditions', href: paths.info.terms.getHref() },
  { label: 'Privacy Policy', href: paths.info.privacyPolicy.getHref() },
  { label: 'Disclaimer', href: paths.info.disclaimer.getHref() },
  { label: 'Become a Partner', href: paths.info.becomeAPartner.getHref() },
] as const
