/** Whether the visitor asked for less motion (false on the server). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/**
 * Brings a section of the page into view (smoothly unless the visitor asked for less motion) and
 * moves the keyboard focus there without a second jump, so the next Tab continues in it.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id)
  if (!section) return false
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  if (section.tabIndex < 0 && !section.hasAttribute('tabindex')) section.tabIndex = -1
  section.focus({ preventScroll: true })
  return true
}
