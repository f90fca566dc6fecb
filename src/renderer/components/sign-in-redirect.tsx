import { Navigate, useLocation } from 'react-router-dom'
import { signInPath, type SignInReason } from '@/lib/redirect'

/**
 * A screen for signed-in users, opened by a visitor: on to sign in, saying why, and back to this very address
 * (its query and hash too: a filtered list, an open conversation) once signed in.
 */
export function SignInRedirect({ reason }: { reason: SignInReason }) {
  const { pathname, search, hash } = useLocation()
  return <Navigate to={signInPath(`${pathname}${search}${hash}`, { reason })} replace />
}
