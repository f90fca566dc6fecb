import type { MouseEvent, ReactNode, RefObject } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { LogIn, LogOut, Plus, UserPlus } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { MOBILE_NAV_DELAY_MS } from '@shared/constants'
import { paths } from '@/config/paths'
import { formatBalance } from '@/lib/money-display'
import { cn } from '@/lib/utils'
import { UserAvatar } from '@/components/user-avatar'
import { Logo } from '@/components/logo'
import { ThemeSelect } from '@/components/theme-select'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { useIsAdmin } from '@/lib/auth'
import { accountLinks } from '../lib/account-links'

const MOBILE_NAV_LINKS = [
  { to: paths.topSellers, label: 'Top Sellers' },
  { to: paths.blogs, label: 'Blogs' },
] as const

interface MobileMenuSheetProps {
  /** the content's id, so the trigger outside this chunk can point at it with aria-controls */
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** the trigger lives outside the radix Dialog, so focus is handed back to it by hand */
  returnFocusTo: RefObject<HTMLButtonElement | null>
  user: CurrentUser | null
  signingOut: boolean
  onSignOut: () => void
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-white/10 px-5 py-5">
      <h2 className="mb-3 text-xs font-semibold tracking-widest text-navy-300 uppercase">{title}</h2>
      <div className="flex flex-col gap-1">{children}</div>
    </section>
  )
}

const rowClass =
  'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium text-navy-50 transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-5 [&_svg]:text-navy-300'

/** The phone menu's panel: Account, Navigation, Quick Actions. The sheet locks page scroll while open. */
export function MobileMenuSheet({ id, open, onOpenChange, returnFocusTo, user, signingOut, onSignOut }: MobileMenuSheetProps) {
  const navigate = useNavigate()
  // admins neither buy nor sell: no balance and no Create Listing for them
  const isAdmin = useIsAdmin(user !== null)
  const links = accountLinks(isAdmin)

  // SPEC §2: close first, navigate after a 200 ms transition so the closing panel doesn't flash the new page.
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault()
    onOpenChange(false)
    window.setTimeout(() => navigate(to), MOBILE_NAV_DELAY_MS)
  }
  const row = (to: string, label: string, icon?: ReactNode, className?: string) => (
    <Link key={to} to={to} onClick={go(to)} className={cn(rowClass, className)}>
      {icon}
      {label}
    </Link>
  )

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <div className="flex h-16 items-center px-5">
          <Logo />
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription>Account, navigation, quick actions and theme</SheetDescription>
        </div>
        <Section title="Account">
          {user ? (
            <>
              <div className="mb-2 flex items-center gap-3 rounded-xl bg-white/5 px-3 py-3">
                <UserAvatar username={user.username} avatar={user.avatar} className="size-10" />
                <div className="min-w-0">
                  <p className="truncate font-semibold">{user.username}</p>
                  {!isAdmin && <p className="text-sm font-semibold text-mint-300 tabular-nums">{formatBalance(user.balance)}</p>}
                </div>
              </div>
              {links.map(({ to, label, icon: Icon }) => row(to, label, <Icon aria-hidden="true" />))}
            </>
          ) : (
            <p className="px-3 text-sm text-navy-200">Sign in to buy, sell and chat with sellers.</p>
          )}
        </Section>
        <Section title="Navigation">{MOBILE_NAV_LINKS.map((link) => row(link.to, link.label))}</Section>
        <Section title="Quick Actions">
          {user ? (
            <>
              {!isAdmin &&
                row(
                  paths.createListing,
                  'Create Listing',
                  <Plus aria-hidden="true" />,
                  'bg-mint-400 text-navy-950 hover:bg-mint-300 [&_svg]:text-navy-950',
                )}
              <button type="button" className={cn(rowClass, 'text-left')} disabled={signingOut} onClick={onSignOut}>
                <LogOut aria-hidden="true" />
                {signingOut ? 'Signing out...' : 'Sign Out'}
              </button>
            </>
          ) : (
            <>
              {row(paths.login, 'Sign In', <LogIn aria-hidden="true" />)}
              {row(paths.signup, 'Sign Up', <UserPlus aria-hidden="true" />, 'bg-mint-400 text-navy-950 hover:bg-mint-300 [&_svg]:text-navy-950')}
            </>
          )}
        </Section>
        <Section title="Appearance">
          <ThemeSelect tone="inverse" />
        </Section>
      </SheetContent>
    </Sheet>
  )
}
