// The landing page's sections (spec 2.3), in the page's order. Each id is the section's URL hash:
// /#faq opens the page at the FAQ.

export const landingSectionIds = {
  hero: 'start',
  chooser: 'account-chooser',
  performance: 'live-performance',
  reliability: 'reliability',
  faq: 'faq',
  features: 'features',
  showcase: 'dashboard-showcase',
  certificates: 'certificates',
  testimonials: 'testimonials',
  broker: 'broker',
  newsletter: 'newsletter',
  footer: 'footer',
} as const

export type LandingSectionId = (typeof landingSectionIds)[keyof typeof landingSectionIds]

export const landingSectionIdList: readonly string[] = Object.values(landingSectionIds)

/** The section a URL hash names ('#faq' -> 'faq'), or null when it names none of them. */
export function landingSectionOfHash(hash: string): LandingSectionId | null {
  let id = hash.startsWith('#') ? hash.slice(1) : hash
  try {
    id = decodeURIComponent(id)
  } catch {
    return null
  }
  return landingSectionIdList.includes(id) ? (id as LandingSectionId) : null
}
