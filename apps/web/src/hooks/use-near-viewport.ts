import { useEffect, useState, type RefObject } from 'react'

type NearViewportOptions = {
  /** How far beyond the viewport counts as near, as IntersectionObserver's rootMargin. */
  rootMargin?: string
  /** Already wanted (a link to it was followed): true without waiting. */
  isForced?: boolean
}

/**
 * True once the element has come on screen (or within `rootMargin` of it), and from then on: what
 * a below-the-fold part of a page uses to load its code only when a visitor gets near it. False on
 * the server and in the first render, so the prerendered HTML and hydration agree. Where the
 * browser has no IntersectionObserver, true at once.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', isForced = false }: NearViewportOptions = {},
): boolean {
  const [isNear, setIsNear] = useState(false)
  useEffect(() => {
    if (isNear) return
    if (isForced || typeof IntersectionObserver === 'undefined') {
      setIsNear(true)
      return
    }
    const element = ref.current
    if (!element) return
    const observer = new IntersectionObserver(
      (entries) => {
        // an edge that only touches the viewport (zero height in view) is not near yet
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRect.height > 0)) {
          setIsNear(true)
        }
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [isForced, isNear, ref, rootMargin])
  return isNear
}
