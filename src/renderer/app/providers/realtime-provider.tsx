import { createContext, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { ADMIN_SENDER_ID, REDIRECT_DELAYS } from '@shared/constants'
import type { ClientMessage, ServerEvent } from '@shared/realtime/events'
import { paths } from '@/config/paths'
import { useCurrentUser, useIsAdmin } from '@/lib/auth'
import { AFTER_PAYMENT_STATE } from '@/lib/chat-arrival'
import { usePreferences } from '@/lib/preferences'
import { popupReturnShowing } from '@/lib/payment-popup'
import type { RealtimeStatus } from '@/lib/ws-client'
import type { RealtimeConnection } from './realtime-connection'
import { nextOnlineUsers } from './realtime-events'

export interface RealtimeContextValue {
  status: RealtimeStatus
  send: (message: ClientMessage) => boolean
  onlineUserIds: ReadonlySet<number>
}

const EMPTY_SET: ReadonlySet<number> = new Set()
const CLOSED: RealtimeStatus = { state: 'closed', connected: false }

/** What everyone sees when signed out or when the live layer failed: no-ops, never a crash (SPEC §4). */
export const DISCONNECTED: RealtimeContextValue = { status: CLOSED, send: () => false, onlineUserIds: EMPTY_SET }

const RealtimeContext = createContext<RealtimeContextValue>(DISCONNECTED)

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext)
}

/** Same host as the page, secure when the page is (SPEC §7). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

/** One live connection per signed-in user; events refresh the cache through one mapping table and the listing live updates. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser()
  // the live layer is keyed by 999 for admins (SPEC §3); the server keeps their own id reachable too
  const isAdmin = useIsAdmin(user !== null)
  const userId = user ? (isAdmin ? ADMIN_SENDER_ID : user.id) : null
  // the live layer reads the sound and desktop-alert preferences from the cache at each event; this keeps them there
  usePreferences(user !== null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const connectionRef = useRef<RealtimeConnection | null>(null)
  const [status, setStatus] = useState<RealtimeStatus>(CLOSED)
  const [onlineUserIds, setOnlineUserIds] = useState<ReadonlySet<number>>(EMPTY_SET)

  // The cache updates have run by now (realtime-connection); this is the part that needs React.
  const handleEvent = useEffectEvent((event: ServerEvent) => {
    setOnlineUserIds((current) => nextOnlineUsers(current, event) ?? current)
    if (event.type === 'payment_completed' && event.redirect_to_chat && event.conversationId !== undefined) {
      const to = paths.chat(event.conversationId)
      // the purchase flow may have gone there itself already: no second history entry
      if (window.location.pathname === to) return
      // a payment popup's return screen tells its opener, which follows, and closes
      if (popupReturnShowing()) return
      // A window opened by another (SPEC §4) moves at once; a standalone tab waits so the toast can be read, and
      // moves only if it is still where the event found it: Buy Now's own answer, which arrives after this event,
      // takes the page to the chat meanwhile, and the buyer may have gone on from there (to the deal) already
      const from = window.location.pathname
      if (window.opener) navigate(to, { state: AFTER_PAYMENT_STATE })
      else window.setTimeout(() => window.location.pathname === from && navigate(to, { state: AFTER_PAYMENT_STATE }), REDIRECT_DELAYS.short)
    }
  })

  useEffect(() => {
    if (userId === null) return
    let cancelled = false
    import('./realtime-connection')
      .then(({ openRealtimeConnection }) => {
        if (cancelled) return
        connectionRef.current = openRealtimeConnection({
          url: realtimeUrl(window.location),
          userId,
          queryClient,
          onEvent: handleEvent,
          onStatus: setStatus,
        })
      })
      // No WebSocket support, a broken URL or the chunk not loading: the app keeps working without live updates.
      .catch((error: unknown) => console.debug('Realtime unavailable', error))
    return () => {
      cancelled = true
      connectionRef.current?.stop()
      connectionRef.current = null
      setStatus(CLOSED)
      setOnlineUserIds(EMPTY_SET)
    }
  }, [userId, queryClient])

  const value = useMemo<RealtimeContextValue>(
    () => ({ status, onlineUserIds, send: (message) => connectionRef.current?.send(message) ?? false }),
    [status, onlineUserIds],
  )
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}
