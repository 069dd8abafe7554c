import { useEffect, useState, type ComponentProps } from 'react'
import { cn } from '@/lib/utils'

type AvatarProps = ComponentProps<'span'> & {
  src: string | null
  /** Name or email: its first letter stands in while the picture loads or when there is none. */
  name: string
  alt?: string
}

/** How long a picture may take before its initial stands in (no flash of the letter on a fast load). */
const FALLBACK_DELAY_MS = 300

/**
 * The user's picture in a circle, or their initial while it loads (after a short delay), when it
 * fails or when there is none. Plain React (decision 0051): every signed-in page's top bar shows it.
 */
export function Avatar({ src, name, alt = '', className, ...props }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?'
  // the picture that loaded, and the one whose wait for the initial is over
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null)
  const [waitedSrc, setWaitedSrc] = useState<string | null>(null)
  useEffect(() => {
    if (!src) return
    const timer = setTimeout(() => setWaitedSrc(src), FALLBACK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [src])
  const isLoaded = src !== null && loadedSrc === src
  const isFallbackShown = !src || (!isLoaded && waitedSrc === src)
  return (
    <span
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full border border-border bg-surface-3 text-sm',
        className,
      )}
      {...props}
    >
      {src ? (
        <img
          key={src}
          src={src}
          alt={alt}
          onLoad={() => setLoadedSrc(src)}
          onError={() => setWaitedSrc(src)}
          className={cn('size-full object-cover', !isLoaded && 'hidden')}
        />
      ) : null}
      {isFallbackShown ? (
        <span className="flex size-full items-center justify-center font-semibold text-primary">
          <span aria-hidden>{initial}</span>
        </span>
      ) : null}
    </span>
  )
}
