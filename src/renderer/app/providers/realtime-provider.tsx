import { createContext, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { ADMIN_SENDER_ID, REDIRECT_DELAYS } from '@shared/constants'
import type { ClientMessage, ServerEvent } from '@shared/realtime/events'
import { paths } from '@/config/paths'
import { createListingLiveUpdates } from '@/features/listings/lib/live-updates'
import { useCurrentUser, useIsAdmin } from '@/lib/auth'
import { isMobileViewport, isSlowConnection } from '@/lib/device'
import { createRealtimeClient, type RealtimeClient, type RealtimeStatus } from '@/lib/ws-client'
import { invalidateForEvent, nextOnlineUsers } from './realtime-events'

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
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const clientRef = useRef<RealtimeClient | null>(null)
  const [status, setStatus] = useState<RealtimeStatus>(CLOSED)
  const [onlineUserIds, setOnlineUserIds] = useState<ReadonlySet<number>>(EMPTY_SET)
  const [listingUpdates] = useState(() => createListingLiveUpdates(queryClient))
  useEffect(() => () => listingUpdates.dispose(), [listingUpdates])

  const handleEvent = useEffectEvent((event: ServerEvent) => {
    try {
      invalidateForEvent(queryClient, event)
      listingUpdates.handle(event)
      setOnlineUserIds((current) => nextOnlineUsers(current, event) ?? current)
      if (event.type === 'payment_completed' && event.redirect_to_chat && event.conversationId !== undefined) {
        const to = paths.chat(event.conversationId)
        // A payment popup's opener moves at once; a standalone tab waits so the toast can be read.
        if (window.opener) navigate(to)
        else window.setTimeout(() => navigate(to), REDIRECT_DELAYS.short)
      }
    } catch (error) {
      console.debug('Realtime event not handled', event.type, error)
    }
  })

  useEffect(() => {
    if (userId === null) return
    let client: RealtimeClient
    try {
      client = createRealtimeClient({
        url: realtimeUrl(window.location),
        userId,
        onEvent: handleEvent,
        onStatus: setStatus,
        isMobile: isMobileViewport,
        isSlowConnection,
      })
      client.start()
    } catch (error) {
      // No WebSocket support or a broken URL: the app keeps working without live updates.
      console.debug('Realtime unavailable', error)
      return
    }
    clientRef.current = client
    return () => {
      client.stop()
      clientRef.current = null
      setStatus(CLOSED)
      setOnlineUserIds(EMPTY_SET)
    }
  }, [userId])

  const value = useMemo<RealtimeContextValue>(
    () => ({ status, onlineUserIds, send: (message) => clientRef.current?.send(message) ?? false }),
    [status, onlineUserIds],
  )
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}
