import type { ComponentProps } from 'react'
import { Avatar as AvatarPrimitive } from 'radix-ui'
import { cn } from '@/lib/utils'

type AvatarProps = ComponentProps<typeof AvatarPrimitive.Root> & {
  src: string | null
  /** Name or email: its first letter stands in while the picture loads or when there is none. */
  name: string
  alt?: string
}

export function Avatar({ src, name, alt = '', className, ...props }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?'
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full border border-border bg-surface-3 text-sm',
        className,
      )}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center font-semibold text-primary"
      >
        <span aria-hidden>{initial}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  )
}
