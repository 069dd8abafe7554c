import { useEffect, useState } from 'react'
import { useHash } from '@/lib/navigation'
import { landingSectionOfHash } from '../sections'

const interactionEvents = ['scroll', 'wheel', 'pointerdown', 'keydown', 'touchstart'] as const
/** How long the page keeps a followed section in place while the sections above it load. */
const SETTLE_MS = 2_500

/** True from the visitor's first scroll, pointer, key or touch on. */
export function useHasInteracted(): boolean {
  const [hasInteracted, setHasInteracted] = useState(false)
  useEffect(() => {
    if (hasInteracted) return
    const onFirst = () => setHasInteracted(true)
    for (const type of interactionEvents) {
      window.addEventListener(type, onFirst, { passive: true, once: true })
    }
    return () => {
      for (const type of interactionEvents) window.removeEventListener(type, onFirst)
    }
  }, [hasInteracted])
  return hasInteracted
}

/**
 * URL hashes of the landing page (/#faq): when the page opens at one, or an in-page link changes
 * it, every section is wanted (their code loads), and the named section (`section`, when it is
 * this one) is kept at the top while the sections above it arrive and settle (until the visitor
 * scrolls, clicks or types, or a moment passes). Returns whether a section was ever asked for.
 */
export function useLandingHash(section: string): boolean {
  const hash = useHash()
  const [isEveryPartWanted, setIsEveryPartWanted] = useState(false)
  const target = landingSectionOfHash(hash)

  useEffect(() => {
    if (!target) return
    setIsEveryPartWanted(true)
    if (target !== section) return
    const align = () => document.getElementById(target)?.scrollIntoView({ block: 'start' })
    align()
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => align())
    const main = document.getElementById('main') ?? document.body
    observer?.observe(main)
    const stop = () => {
      observer?.disconnect()
      for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const) {
        window.removeEventListener(type, stop)
      }
    }
    for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const) {
      window.addEventListener(type, stop, { passive: true })
    }
    const timer = window.setTimeout(stop, SETTLE_MS)
    return () => {
      window.clearTimeout(timer)
      stop()
    }
  }, [section, target])

  return isEveryPartWanted
}
