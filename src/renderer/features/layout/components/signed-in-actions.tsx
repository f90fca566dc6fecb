import { Link } from 'react-router-dom'
import { Plus } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { paths } from '@/config/paths'
import { useIsAdmin } from '@/lib/auth'
import { usePaymentPopupListener } from '@/lib/payment-popup'
import { Button } from '@/components/ui/button'
import { AccountMenu } from './account-menu'
import { NotificationBell } from './notification-bell'

interface SignedInActionsProps {
  user: CurrentUser
  signingOut: boolean
  onSignOut: () => void
}

/**
 * The header's right side for a signed-in user. Its own chunk, loaded once someone is signed in,
 * because the two dropdowns bring radix Menu and floating-ui that signed-out visitors never use.
 */
export function SignedInActions({ user, signingOut, onSignOut }: SignedInActionsProps) {
  // a payment finished in a popup tells this window where to go (SPEC §4); only a signed-in user pays, so the
  // listener loads with the signed-in header, not with every visitor's first page
  usePaymentPopupListener()
  // admins neither buy nor sell
  const isAdmin = useIsAdmin(true)
  return (
    <>
      {!isAdmin && (
        <Button asChild size="sm" className="hidden md:inline-flex">
          <Link to={paths.createListing} aria-label="Create Listing">
            <Plus aria-hidden="true" />
            <span className="hidden lg:inline">Create Listing</span>
          </Link>
        </Button>
      )}
      <NotificationBell />
      <div className="hidden md:ml-1 md:block">
        <AccountMenu user={user} signingOut={signingOut} onSignOut={onSignOut} />
      </div>
    </>
  )
}
