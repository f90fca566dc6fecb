import { useId, useRef, useState } from 'react'
import { Menu } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import type { MobileMenuSheet as MobileMenuSheetComponent } from './mobile-menu-sheet'

const loadSheet = () => import('./mobile-menu-sheet').then((module) => module.MobileMenuSheet)

/** Warms the sheet's chunk as soon as a tap or click looks likely; a failure is reported on the real open. */
const preloadSheet = () => void loadSheet().catch(() => undefined)

interface MobileMenuProps {
  user: CurrentUser | null
  signingOut: boolean
  onSignOut: () => void
}

/**
 * Phone menu (< 768 px). Only the trigger is in the first bundle: the sheet and its radix Dialog load
 * on first use and then stay mounted, so closing keeps its focus return and page-scroll unlock.
 */
export function MobileMenu({ user, signingOut, onSignOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const [Sheet, setSheet] = useState<typeof MobileMenuSheetComponent | null>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const contentId = useId()

  const openMenu = () => {
    if (Sheet) return setOpen(true)
    // A failed load leaves the menu closed; the next tap tries again.
    loadSheet()
      .then((component) => {
        setSheet(() => component)
        setOpen(true)
      })
      .catch((error: unknown) => console.debug('Menu not loaded', error))
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preloadSheet}
        onPointerDown={preloadSheet}
        onFocus={preloadSheet}
        onClick={openMenu}
        className="inline-flex size-10 items-center justify-center rounded-xl text-white transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {Sheet && (
        <Sheet
          id={contentId}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={triggerRef}
          user={user}
          signingOut={signingOut}
          onSignOut={onSignOut}
        />
      )}
    </>
  )
}
