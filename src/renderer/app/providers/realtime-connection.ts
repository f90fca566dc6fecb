import type { QueryClient } from '@tanstack/react-query'
import type { ClientMessage, ServerEvent } from '@shared/realtime/events'
import { createPaymentMonitorLiveUpdates } from '@/features/admin-payments/lib/payment-monitor-live'
import { createChatLiveUpdates } from '@/features/chat/lib/live-chat'
import { createListingLiveUpdates } from '@/features/listings/lib/live-updates'
import { createConnectionReporter, type ConnectionReporter } from '@/lib/connection-report'
import { desktopAlerts as defaultAlerts, type DesktopAlerts } from '@/lib/desktop-alerts'
import { isMobileViewport, isSlowConnection } from '@/lib/device'
import { onResume, setConnectionState } from '@/lib/platform'
import { cachedPreferences } from '@/lib/preferences'
import { reconnectPolicy, type ReconnectPolicy } from '@/lib/reconnect-policy'
import { sounds as defaultSounds, type SoundLayer } from '@/lib/sounds'
import { createRealtimeClient, type RealtimeClient, type RealtimeStatus } from '@/lib/ws-client'
import { invalidateAfterReconnect, invalidateForEvent } from './realtime-events'

/**
 * The live layer's moving parts (socket client, event parsing, cache updates). A chunk of its own,
 * imported by RealtimeProvider only once someone signs in: signed-out visitors never connect.
 */

export interface RealtimeConnectionOptions {
  url: string
  userId: number
  queryClient: QueryClient
  /** runs after the event's cache updates, for what needs React (presence, redirects) */
  onEvent: (event: ServerEvent) => void
  onStatus: (status: RealtimeStatus) => void
  /** rings for new notifications and other people's messages; the app's shared one unless a test passes its own */
  sounds?: Pick<SoundLayer, 'handleEvent'>
  /** native notifications while the window is away; the app's shared one unless a test passes its own */
  alerts?: Pick<DesktopAlerts, 'handleEvent'>
}

export interface RealtimeConnection {
  send(message: ClientMessage): boolean
  stop(): void
}

/** Starts the client; throws when the browser cannot open a WebSocket at all. */
export function openRealtimeConnection({
  url,
  userId,
  queryClient,
  onEvent,
  onStatus,
  sounds = defaultSounds,
  alerts = defaultAlerts,
}: RealtimeConnectionOptions): RealtimeConnection {
  const listingUpdates = createListingLiveUpdates(queryClient)
  const chatUpdates = createChatLiveUpdates(queryClient)
  const monitorUpdates = createPaymentMonitorLiveUpdates(queryClient)
  const policy = reconnectPolicy()
  const reporter = createConnectionReporter(setConnectionState, () => navigator.onLine)
  let authenticatedBefore = false
  let stopped = false
  const client = createRealtimeClient({
    url,
    userId,
    onEvent: (event) => {
      try {
        invalidateForEvent(queryClient, event)
        if (event.type === 'authenticated') {
          if (authenticatedBefore) invalidateAfterReconnect(queryClient)
          authenticatedBefore = true
        }
        listingUpdates.handle(event)
        chatUpdates.handle(event)
        monitorUpdates.handle(event)
        // the settings' preferences as the cache holds them at this event: a change applies at once
        const preferences = cachedPreferences(queryClient)
        sounds.handleEvent(event, userId, preferences)
        alerts.handleEvent(event, userId, preferences)
        onEvent(event)
      } catch (error) {
        console.debug('Realtime event not handled', event.type, error)
      }
    },
    onStatus: (status) => {
      // the close that stop() causes is no outage to report
      if (!stopped) reporter.status(status)
      onStatus(status)
    },
    isMobile: isMobileViewport,
    isSlowConnection,
    policy,
  })
  const stopWatching = watchNetwork(client, policy, reporter)
  try {
    client.start()
  } catch (error) {
    stopWatching()
    listingUpdates.dispose()
    chatUpdates.dispose()
    monitorUpdates.dispose()
    throw error
  }
  return {
    send: (message) => client.send(message),
    stop() {
      stopped = true
      client.stop()
      stopWatching()
      // signed out: no live connection is expected, so the tray has nothing to warn about
      setConnectionState('connected')
      listingUpdates.dispose()
      chatUpdates.dispose()
      monitorUpdates.dispose()
    },
  }
}

/** The browser's network events feed the tray; where the policy says so, they and wakes from sleep reconnect at once. */
function watchNetwork(client: RealtimeClient, policy: ReconnectPolicy, reporter: ConnectionReporter): () => void {
  const online = () => {
    reporter.networkChanged()
    if (policy.reconnectOnWake) client.reconnectNow()
  }
  const offline = () => reporter.networkChanged()
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  const stopResume = policy.reconnectOnWake ? onResume(() => client.reconnectNow()) : () => {}
  return () => {
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
    stopResume()
  }
}
