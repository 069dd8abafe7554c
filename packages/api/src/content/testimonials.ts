import type { Cents, Money } from '@tp/domain/money'

// The 20 sample traders of spec 2.4: the landing page's scrolling strip and /testimonials. They
// are illustrative samples, not statements of real customers, and every page that shows them says
// so (`testimonialsNotice`). Avatars are drawn here from the initials (no image is fetched).

export interface Testimonial {
  id: string
  name: string
  country: string
  /** an SVG data URL with the trader's initials */
  avatar: string
  quote: string
  /** the sample's simulated profit */
  profit: Money
}

export const testimonialsNotice =
  'Sample testimonials: illustrative traders and figures, not statements of real customers. All accounts are simulated.'

/** The independent review site of spec 2.4, opened in a new tab. */
export const reviewSite = {
  label: 'Read reviews on Trustpilot',
  href: 'https://www.trustpilot.com/review/tradepeak.io',
} as const

type Sample = { name: string; country: string; quote: string; profitDollars: number }

const sampleTraders: readonly Sample[] = [
  {
    name: 'Daniel Okafor',
    country: 'Nigeria',
    quote:
      'The rules are written out with the exact dollar limits for my account size, so I always knew where my floor was.',
    profitDollars: 4_820,
  },
  {
    name: 'Sofia Marin',
    country: 'Spain',
    quote:
      'Passing Phase 1 gave me my Phase 2 login within seconds. No waiting for an email from support.',
    profitDollars: 2_315,
  },
  {
    name: 'Lukas Brandt',
    country: 'Germany',
    quote:
      'The dashboard shows my daily loss floor moving in real time. It changed how I size positions.',
    profitDollars: 6_140,
  },
  {
    name: 'Aiko Tanaka',
    country: 'Japan',
    quote: 'No time limit meant I could wait for my setups instead of forcing trades.',
    profitDollars: 3_080,
  },
  {
    name: 'Mateo Alvarez',
    country: 'Argentina',
    quote: 'Paying in crypto took a good part off the fee and the account was ready right away.',
    profitDollars: 1_960,
  },
  {
    name: 'Priya Raman',
    country: 'India',
    quote:
      'The trade journal and analytics showed me I was giving back profits on Fridays. Fixed that and passed.',
    profitDollars: 5_470,
  },
  {
    name: 'Oliver Bennett',
    country: 'United Kingdom',
    quote: 'Clear answers from support and a rulebook that matches what the dashboard measures.',
    profitDollars: 8_900,
  },
  {
    name: 'Chloé Laurent',
    country: 'France',
    quote: 'I run my EA on the account without any issue. The rules on strategies are spelled out.',
    profitDollars: 2_740,
  },
  {
    name: 'Ahmed Hassan',
    country: 'Egypt',
    quote: 'Holding swing trades over the weekend on the Two Phase account suits my style.',
    profitDollars: 3_655,
  },
  {
    name: 'Emma Johansson',
    country: 'Sweden',
    quote:
      'I liked that a breach shows the exact moment and equity. No guessing about what happened.',
    profitDollars: 1_240,
  },
  {
    name: 'Kwame Mensah',
    country: 'Ghana',
    quote: 'Started with a 10K account to learn the rules, then moved up to a bigger size.',
    profitDollars: 2_050,
  },
  {
    name: 'Isabella Rossi',
    country: 'Italy',
    quote:
      'The web terminal is quick, and I can check my account and its limits from my phone when travelling.',
    profitDollars: 4_115,
  },
  {
    name: 'Nguyen Van An',
    country: 'Vietnam',
    quote: 'Knowing the fee is one-time, with no monthly charge, made the decision easy.',
    profitDollars: 1_780,
  },
  {
    name: 'Lucas Silva',
    country: 'Brazil',
    quote:
      'The certificate after Phase 2 has a link anyone can check. I shared it with my trading group.',
    profitDollars: 7_320,
  },
  {
    name: 'Hannah Cohen',
    country: 'Canada',
    quote: 'The daily reset at the forex day close matches how I already plan my sessions.',
    profitDollars: 3_430,
  },
  {
    name: 'Jakub Nowak',
    country: 'Poland',
    quote:
      'Instant Funding let me skip the phases; the news and weekend rules were clear up front.',
    profitDollars: 5_905,
  },
  {
    name: 'Fatima Zahra',
    country: 'Morocco',
    quote: 'Support answered my question about minimum trading days the same day.',
    profitDollars: 1_395,
  },
  {
    name: 'Ethan Walker',
    country: 'Australia',
    quote: 'The trailing drawdown locks at my starting balance, which takes pressure off later on.',
    profitDollars: 9_860,
  },
  {
    name: 'Mei Lin',
    country: 'Singapore',
    quote: 'Everything from checkout to my first login took a few minutes.',
    profitDollars: 2_590,
  },
  {
    name: 'Carlos Mendoza',
    country: 'Mexico',
    quote: 'Clean rules, a good dashboard and a team that answers. That is all I ask for.',
    profitDollars: 4_460,
  },
]

export const testimonials: readonly Testimonial[] = sampleTraders.map((sample) => ({
  id: slug(sample.name),
  name: sample.name,
  country: sample.country,
  avatar: initialsAvatar(sample.name),
  quote: sample.quote,
  profit: dollars(sample.profitDollars),
}))

/**
 * Whole dollars as Money without loading the money module's arithmetic (decimal.js, zod): the
 * strip is on the landing page, and these are whole, small, positive amounts.
 */
function dollars(amount: number): Money {
  return { cents: (amount * 100) as Cents, currency: 'USD' }
}

/** A round avatar with the name's initials on a colour picked from the name (stable per name). */
export function initialsAvatar(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, 2)
    .join('')
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) % 360
  // dark fills keep white initials above 4.5:1 contrast
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="hsl(${hash} 55% 30%)"/>` +
    `<text x="32" y="33" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="24" font-weight="600" fill="#fff">${initials}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
