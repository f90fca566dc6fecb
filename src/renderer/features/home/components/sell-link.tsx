import { Link, type LinkProps } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth'

/**
 * SPEC §2: Sell Your Account goes to listing creation when signed in, else to sign-in (/auth). A component of its own,
 * so that learning who is signed in re-renders the link, not the page around it.
 */
export function SellLink(props: Omit<LinkProps, 'to'>) {
  const { isSignedIn } = useCurrentUser()
  return <Link {...props} to={isSignedIn ? paths.createListing : paths.auth} />
}
