import { Menu } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { User } from '@tp/api/auth'
import { Button } from '@/components/ui/button'
import type { SiteLink } from './mobile-menu-sheet'

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet'))

/**
 * The menu button of small screens. The drawer it opens (./mobile-menu-sheet.tsx, a Radix
 * dialog) is fetched on the first tap, not with the page: most visits never open it.
 */
export function MobileMenu({ user, siteLinks }: { user: User | null; siteLinks: SiteLink[] }) {
  const [isOpen, setIsOpen] = useState(false)
  // mounted from the first tap on, so closing can animate and focus goes back to the button
  const [isWanted, setIsWanted] = useState(false)

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setIsWanted(true)
          setIsOpen(true)
        }}
      >
        <Menu aria-hidden className="size-5" />
      </Button>
      {isWanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            user={user}
            siteLinks={siteLinks}
            isOpen={isOpen}
            setIsOpen={setIsOpen}
          />
        </Suspense>
      ) : null}
    </>
  )
}
