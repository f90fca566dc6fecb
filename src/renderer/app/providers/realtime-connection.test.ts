// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { DEFAULT_PREFERENCES } from '@shared/api/account-settings'
import type { SetConnectionInput } from '@shared/ipc/contract'
import type { ServerEvent } from '@shared/realtime/events'
import { REALTIME } from '@shared/constants'
import { accountKeys, authKeys, balanceKeys, conversationKeys, listingKeys, notificationKeys, transactionKeys } from '@/lib/query-keys'
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

describe('reconnecting', () => {
  const quiet = { handleEvent: () => null }

  function open(queryClient = new QueryClient()) {
    vi.useFakeTimers()
    vi.stubGlobal('WebSocket', FakeSocket)
    const statuses: string[] = []
    const connection = openRealtimeConnection({
      url: 'ws://test/ws',
      userId: 1001,
      queryClient,
      onEvent: () => {},
      onStatus: (status) => statuses.push(status.state),
      sounds: quiet,
      alerts: quiet,
    })
    const authenticate = () => {
      FakeSocket.last!.onopen?.()
      FakeSocket.last!.receive({ type: 'authenticated', userId: 1001 })
    }
    const drop = (code = 1006) => FakeSocket.last!.onclose?.({ code })
    return { connection, authenticate, drop, statuses }
  }

  /** A desktop bridge with only what the live layer uses; `resume` plays powerMonitor waking the machine. */
  function stubDesktop() {
    const resumeListeners = new Set<() => void>()
    const setConnection = vi.fn(async (_input: SetConnectionInput) => {})
    vi.stubGlobal('desktop', {
      setConnection,
      onResume: (callback: () => void) => {
        resumeListeners.add(callback)
        return () => void resumeListeners.delete(callback)
      },
    })
    return { setConnection, resume: () => resumeListeners.forEach((listener) => listener()), resumeListeners }
  }

  afterEach(() => vi.useRealTimers())

  it('refetches what may have been missed after a reconnect, not after the first connect', () => {
    const queryClient = new QueryClient()
    const missed = [
      notificationKeys.unreadCount(),
      notificationKeys.lists(),
      conversationKeys.detail(4),
      transactionKeys.detail(9),
      authKeys.me(),
      balanceKeys.summary(),
    ]
    for (const key of [...missed, listingKeys.detail('3')]) queryClient.setQueryData(key, {})
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated
    const ctx = open(queryClient)
    ctx.authenticate()
    for (const key of missed) expect(invalidated(key), JSON.stringify(key)).toBe(false)

    // live chat catches its list and badge up on every authentication, the first included; fresh again here
    const chat = [conversationKeys.list(), conversationKeys.unreadCount()]
    for (const key of chat) queryClient.setQueryData(key, {})

    ctx.drop()
    vi.advanceTimersByTime(REALTIME.minStartIntervalMs)
    ctx.authenticate()
    for (const key of [...missed, ...chat]) expect(invalidated(key), JSON.stringify(key)).toBe(true)
    // nothing else is refetched on a reconnect
    expect(invalidated(listingKeys.detail('3'))).toBe(false)
    ctx.connection.stop()
  })

  it('on the website gives up as SPEC §4 says and ignores the network coming back', () => {
    const ctx = open()
    ctx.authenticate()
    ctx.drop(1001)
    window.dispatchEvent(new Event('online'))
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.statuses).toEqual(['connecting', 'open', 'open', 'closed'])
    ctx.connection.stop()
  })

  it('on the desktop reconnects at once when the machine wakes or the network comes back', () => {
    const desktop = stubDesktop()
    const ctx = open()
    ctx.authenticate()
    ctx.drop(1001)
    vi.advanceTimersByTime(REALTIME.minStartIntervalMs)
    ctx.drop(1006)
    expect(ctx.statuses.at(-1)).toBe('closed')
    desktop.resume()
    expect(ctx.statuses.at(-1)).toBe('connecting')
    ctx.drop(1006)
    window.dispatchEvent(new Event('online'))
    expect(ctx.statuses.at(-1)).toBe('connecting')
    ctx.connection.stop()
    expect(desktop.resumeListeners.size).toBe(0)
  })

  it('tells the tray how the connection is doing, and that nothing is wrong once signed out', () => {
    const desktop = stubDesktop()
    const ctx = open()
    ctx.authenticate()
    ctx.drop()
    expect(desktop.setConnection.mock.calls.map(([input]) => input)).toEqual([
      { state: 'connecting' },
      { state: 'connected' },
      { state: 'connecting' },
    ])
    for (let i = 0; i < 2; i++) {
      vi.advanceTimersByTime(REALTIME.minStartIntervalMs)
      ctx.drop()
    }
    expect(desktop.setConnection).toHaveBeenLastCalledWith({ state: 'offline' })
    vi.advanceTimersByTime(REALTIME.minStartIntervalMs)
    ctx.authenticate()
    expect(desktop.setConnection).toHaveBeenLastCalledWith({ state: 'connected' })
    desktop.setConnection.mockClear()
    ctx.connection.stop()
    // signed out: no outage to show, and no "connecting" for the close that signing out causes
    expect(desktop.setConnection.mock.calls).toEqual([[{ state: 'connected' }]])
  })
})
