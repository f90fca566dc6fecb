import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'

/** /browse → the listings anchor on the home page (SPEC §2). */
export function BrowseRedirect() {
  return <Navigate to={{ pathname: paths.home, hash: LISTINGS_ANCHOR }} replace />
}

/** /chat → /messages, keeping the query string (?conversation=…, ?user=…). */
export function ChatRedirect() {
  const { search } = useLocation()
  return <Navigate to={{ pathname: paths.messages, search }} replace />
}

/** /auth is where "Sell Your Account" sends visitors; the sign-in screen lives at /login. */
export function AuthRedirect() {
  const { search } = useLocation()
  return <Navigate to={{ pathname: paths.login, search }} replace />
}

/** A path the server answers itself (/api/diagnostic, JSON): a link inside the app loads it from the server. */
export function ServerPage() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    window.location.replace(`${pathname}${search}`)
  }, [pathname, search])
  return null
}
