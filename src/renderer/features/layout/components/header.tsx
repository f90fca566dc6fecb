import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useCurrentUser, useLogout } from '@/lib/auth'
import { cn } from '@/lib/utils'
import { Logo } from '@/components/logo'
import { QuietBoundary } from '@/components/quiet-boundary'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useScrolled } from '../hooks/use-scrolled'
import { MainNav } from './main-nav'
import { MobileMenu } from './mobile-menu'

const SignedInActions = lazy(() => import('./signed-in-actions').then((module) => ({ default: module.SignedInActions })))

/** Stands in for the account controls while the session or their chunk is still loading. */
function ActionsSkeleton() {
  return (
    <div className="flex items-center gap-2" aria-hidden="true">
      <Skeleton className="h-9 w-20 bg-white/10" />
      <Skeleton className="hidden h-9 w-24 bg-white/10 md:block" />
    </div>
  )
}

/** Site header (SPEC §2): translucent over the page top, solid once scrolled. */
export function Header() {
  const scrolled = useScrolled()
  const { user, isLoading } = useCurrentUser()
  const logout = useLogout()
  const signOut = () => logout.mutate()

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 border-b',
        // At the top the navy layout behind shows through; over scrolled content it must be opaque at once (a fade
        // would leave the white links over light content for a moment after a jump). Back at the top it fades.
        scrolled
          ? 'border-white/10 bg-navy-950 shadow-lg shadow-navy-950/20'
          : 'border-transparent bg-transparent transition-[background-color,box-shadow,border-color] duration-200',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo className="md:hidden lg:inline-flex" />
        <Logo compact className="hidden md:inline-flex lg:hidden" />
        <MainNav className="ml-4 hidden md:flex" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isLoading ? (
            <ActionsSkeleton />
          ) : user ? (
            <QuietBoundary>
              <Suspense fallback={<ActionsSkeleton />}>
                <SignedInActions user={user} signingOut={logout.isPending} onSignOut={signOut} />
              </Suspense>
            </QuietBoundary>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              {/* SPEC §2: signed-out sellers are sent to sign in first (/auth → /login). */}
              <Button asChild variant="outline-inverse" size="sm" className="hidden lg:inline-flex">
                <Link to={paths.auth}>Sell Your Account</Link>
              </Button>
              <Button asChild variant="ghost-inverse" size="sm">
                <Link to={paths.login}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.signup}>Sign Up</Link>
              </Button>
            </div>
          )}
          <div className="md:hidden">
            <MobileMenu user={user} signingOut={logout.isPending} onSignOut={signOut} />
          </div>
        </div>
      </div>
    </header>
  )
}
