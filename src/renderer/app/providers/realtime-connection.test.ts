// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { DEFAULT_PREFERENCES } from '@shared/api/account-settings'
import type { ServerEvent } from '@shared/realtime/events'
import { accountKeys } from '@/lib/query-keys'
import { FakeSocket } from './fake-socket'
import { openRealtimeConnection } from './realtime-connection'
import { makeNotification } from '@/lib/notification-fixture'

afterEach(() => vi.unstubAllGlobals())

describe('openRealtimeConnection', () => {
  it('hands every live event to the sound layer with the connected user id, after the cache updates', () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const queryClient = new QueryClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    let invalidatedBefore = 0
    const handleEvent = vi.fn(() => {
      invalidatedBefore = invalidate.mock.calls.length
      return null
    })
    const connection = openRealtimeConnection({
      url: 'ws://test/ws',
      userId: 1001,
      queryClient,
      onEvent: () => {},
      onStatus: () => {},
      sounds: { handleEvent },
    })
    const socket = FakeSocket.last!
    socket.onopen?.()
    const event: ServerEvent = { type: 'new_notification', notification: makeNotification('listing_approved') }
    socket.receive(event)
    // preferences not loaded yet: all on
    expect(handleEvent).toHaveBeenCalledWith(event, 1001, DEFAULT_PREFERENCES)
    // the bell refetches as the chime plays, not after
    expect(invalidatedBefore).toBeGreaterThan(0)
    connection.stop()
  })

  it('hands every live event to the alert layer with the connected user id', () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const handleEvent = vi.fn(() => null)
    const connection = openRealtimeConnection({
      url: 'ws://test/ws',
      userId: 1001,
      queryClient: new QueryClient(),
      onEvent: () => {},
      onStatus: () => {},
      sounds: { handleEvent: () => null },
      alerts: { handleEvent },
    })
    FakeSocket.last!.onopen?.()
    const event: ServerEvent = { type: 'new_notification', notification: makeNotification('listing_approved') }
    FakeSocket.last!.receive(event)
    expect(handleEvent).toHaveBeenCalledWith(event, 1001, DEFAULT_PREFERENCES)
    connection.stop()
  })

  it('passes both layers the preferences the cache holds at each event', () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const queryClient = new QueryClient()
    const sounds = vi.fn(() => null)
    const alerts = vi.fn(() => null)
    const connection = openRealtimeConnection({
      url: 'ws://test/ws',
      userId: 1001,
      queryClient,
      onEvent: () => {},
      onStatus: () => {},
      sounds: { handleEvent: sounds },
      alerts: { handleEvent: alerts },
    })
    FakeSocket.last!.onopen?.()
    const quiet = { messageSound: false, notificationSound: false, desktopNotifications: false }
    queryClient.setQueryData(accountKeys.preferences(), quiet)
    const event: ServerEvent = { type: 'new_notification', notification: makeNotification('listing_approved', { id: 2 }) }
    FakeSocket.last!.receive(event)
    expect(sounds).toHaveBeenLastCalledWith(event, 1001, quiet)
    expect(alerts).toHaveBeenLastCalledWith(event, 1001, quiet)
    connection.stop()
  })
})
