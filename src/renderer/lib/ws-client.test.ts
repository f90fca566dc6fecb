import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REALTIME } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'
import { desktopReconnect } from './reconnect-policy'
import { createRealtimeClient, WAKE_PROBE_MS, type RealtimeClientOptions, type RealtimeStatus } from './ws-client'
import { makeNotification } from './notification-fixture'

/** Stands in for the browser WebSocket; the test plays the server through open/receive/drop. */
class FakeSocket {
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  sent: unknown[] = []
  closeCalls: (number | undefined)[] = []
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.closeCalls.push(code)
  }
  open() {
    this.onopen?.({} as Event)
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent)
  }
  drop(code: number) {
    this.onclose?.({ code } as CloseEvent)
  }
  get pings() {
    return this.sent.filter((m) => (m as { type: string }).type === 'ping').length
  }
}

type Factory = typeof createRealtimeClient

function setup(overrides: Partial<RealtimeClientOptions> = {}, factory: Factory = createRealtimeClient) {
  const sockets: FakeSocket[] = []
  const statuses: RealtimeStatus[] = []
  const events: ServerEvent[] = []
  const client = factory({
    url: 'ws://test/ws',
    userId: 7,
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    random: () => 0,
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket as unknown as WebSocket
    },
    ...overrides,
  })
  const last = () => sockets[sockets.length - 1]
  return { client, sockets, statuses, events, last }
}

/** Opens the latest socket, keeps it for `lastedMs`, then drops it with `code`. */
function holdAndDrop(ctx: ReturnType<typeof setup>, lastedMs: number, code: number) {
  ctx.last().open()
  vi.advanceTimersByTime(lastedMs)
  ctx.last().drop(code)
}

/** Asserts the next socket appears exactly `delayMs` after now, not a millisecond earlier. */
function expectNextStartAfter(ctx: ReturnType<typeof setup>, delayMs: number) {
  const count = ctx.sockets.length
  vi.advanceTimersByTime(delayMs - 1)
  expect(ctx.sockets).toHaveLength(count)
  vi.advanceTimersByTime(1)
  expect(ctx.sockets).toHaveLength(count + 1)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('authentication', () => {
  it('sends authenticate on open and reports connected only after authenticated', () => {
    const ctx = setup()
    ctx.client.start()
    expect(ctx.last().url).toBe('ws://test/ws')
    expect(ctx.statuses).toEqual([{ state: 'connecting', connected: false }])
    ctx.last().open()
    expect(ctx.last().sent).toEqual([{ type: 'authenticate', userId: 7 }])
    expect(ctx.statuses.at(-1)).toEqual({ state: 'open', connected: false })
    ctx.last().receive({ type: 'authenticated', userId: 7 })
    expect(ctx.statuses.at(-1)).toEqual({ state: 'open', connected: true })
    expect(ctx.events).toEqual([{ type: 'authenticated', userId: 7 }])
  })

  it('on auth_error reports not connected, closes with 1000 and never reconnects', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'auth_error', message: 'nope' })
    expect(ctx.statuses.at(-1)).toEqual({ state: 'closed', connected: false })
    expect(ctx.last().closeCalls).toEqual([1000])
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.sockets).toHaveLength(1)
  })

  it('can be started again after auth_error, e.g. once the user has signed in again', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'auth_error', message: 'nope' })
    ctx.client.start()
    vi.advanceTimersByTime(REALTIME.minStartIntervalMs)
    expect(ctx.sockets).toHaveLength(2)
  })
})

describe('connect timeout', () => {
  it('closes an attempt that never opens after exactly 15 s and retries it', () => {
    const ctx = setup()
    ctx.client.start()
    vi.advanceTimersByTime(REALTIME.connectTimeoutMs - 1)
    expect(ctx.sockets[0].closeCalls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ctx.sockets[0].closeCalls).toHaveLength(1)
    expect(ctx.statuses.at(-1)).toEqual({ state: 'closed', connected: false })
    expectNextStartAfter(ctx, REALTIME.backoffBaseMs)
  })

  it('closes an open socket that is not authenticated within 15 s', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    vi.advanceTimersByTime(REALTIME.connectTimeoutMs)
    expect(ctx.sockets[0].closeCalls).toHaveLength(1)
  })

  it('keeps an authenticated socket past 15 s', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'authenticated', userId: 7 })
    vi.advanceTimersByTime(REALTIME.connectTimeoutMs * 4)
    expect(ctx.sockets[0].closeCalls).toEqual([])
    expect(ctx.sockets).toHaveLength(1)
  })
})

describe('reconnect', () => {
  it.each([1000, 1001])('does not reconnect after close code %i', (code) => {
    const ctx = setup()
    ctx.client.start()
    holdAndDrop(ctx, 100, code)
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.sockets).toHaveLength(1)
  })

  it('backs off ×2 from 1 s on an ordinary abnormal close, then gives up after 5 attempts', () => {
    const ctx = setup()
    ctx.client.start()
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      // lasting exactly 5 s neither resets the count nor leaves the start interval binding
      holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
      expectNextStartAfter(ctx, delay)
    }
    holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.sockets).toHaveLength(1 + REALTIME.maxReconnects)
  })

  it('backs off ×1.5 on mobile', () => {
    const ctx = setup({ isMobile: () => true })
    ctx.client.start()
    for (const delay of [1000, 1500, 2250, 3375]) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
      expectNextStartAfter(ctx, delay)
    }
  })

  it('backs off ×1.5 after close code 1006', () => {
    const ctx = setup()
    ctx.client.start()
    for (const delay of [1000, 1500, 2250, 3375]) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 1006)
      expectNextStartAfter(ctx, delay)
    }
  })

  it('adds the random jitter, up to 1 s', () => {
    const ctx = setup({ random: () => 0.5 })
    ctx.client.start()
    holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
    expectNextStartAfter(ctx, 1500)
  })

  it('resets the attempt count after a connection that lasted over 5 s', () => {
    const ctx = setup()
    ctx.client.start()
    for (const delay of [1000, 2000, 4000]) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
      expectNextStartAfter(ctx, delay)
    }
    holdAndDrop(ctx, REALTIME.stableAfterMs + 1, 4000)
    expectNextStartAfter(ctx, 1000)
  })

  it('keeps at least 5 s between connection starts', () => {
    const ctx = setup()
    ctx.client.start()
    holdAndDrop(ctx, 100, 4000)
    // backoff says 1 s, but the last start was only 100 ms ago
    expectNextStartAfter(ctx, REALTIME.minStartIntervalMs - 100)
  })

  it('defers a restart requested sooner than 5 s after the last start', () => {
    const ctx = setup()
    ctx.client.start()
    vi.advanceTimersByTime(1000)
    ctx.client.stop()
    ctx.client.start()
    expect(ctx.sockets).toHaveLength(1)
    expectNextStartAfter(ctx, REALTIME.minStartIntervalMs - 1000)
  })
})

describe('backoff caps', () => {
  // With 5 attempts the caps are never reached, so raise the attempt limit for this block only.
  async function loadWithManyAttempts(): Promise<Factory> {
    vi.resetModules()
    vi.doMock('@shared/constants', async (importOriginal) => {
      const actual = await importOriginal<typeof import('@shared/constants')>()
      return { ...actual, REALTIME: { ...actual.REALTIME, maxReconnects: 12 } }
    })
    const module = await import('./ws-client')
    vi.doUnmock('@shared/constants')
    return module.createRealtimeClient
  }

  it('caps the backoff at 30 s', async () => {
    const ctx = setup({}, await loadWithManyAttempts())
    ctx.client.start()
    for (const delay of [1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
      expectNextStartAfter(ctx, delay)
    }
  })

  it('caps the backoff at 20 s on mobile', async () => {
    const ctx = setup({ isMobile: () => true }, await loadWithManyAttempts())
    ctx.client.start()
    const delays = [1000, 1500, 2250, 3375, 5062.5, 7593.75, 11390.625, 17085.9375, 20000, 20000]
    for (const delay of delays) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 4000)
      expectNextStartAfter(ctx, Math.floor(delay)) // timers truncate fractional ms
    }
  })
})

describe('heartbeat', () => {
  it.each([
    ['desktop', false, false, 35_000],
    ['mobile', true, false, 30_000],
    ['mobile on slow 2g', true, true, 45_000],
    ['desktop on slow 2g (capped)', false, true, 50_000],
  ])('pings every interval on %s', (_name, mobile, slow, interval) => {
    const ctx = setup({ isMobile: () => mobile, isSlowConnection: () => slow })
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'authenticated', userId: 7 })
    vi.advanceTimersByTime(interval - 1)
    expect(ctx.last().pings).toBe(0)
    vi.advanceTimersByTime(1)
    expect(ctx.last().pings).toBe(1)
    vi.advanceTimersByTime(interval)
    expect(ctx.last().pings).toBe(2)
  })

  it('stops pinging a closed socket', () => {
    const ctx = setup()
    ctx.client.start()
    holdAndDrop(ctx, 100, 1000)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(REALTIME.heartbeatMs * 3)
    expect(ctx.sockets[0].pings).toBe(0)
  })
})

describe('messages', () => {
  it('ignores messages that are not valid server events', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive('not json{')
    ctx.last().receive({ type: 'no_such_event' })
    ctx.last().receive({ type: 'user_online', userId: 'seven' })
    ctx.last().receive({ type: 'user_online', userId: 8 })
    expect(ctx.events).toEqual([{ type: 'user_online', userId: 8 }])
  })

  it('takes a new notification only whole, as GET /api/notifications lists it', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    const whole = makeNotification('listing_approved', { data: { accountId: 4 } })
    ctx.last().receive({ type: 'new_notification', notification: { id: 1, type: 'listing_approved', data: {} } })
    ctx.last().receive({ type: 'new_notification', notification: { ...whole, type: 'no_such_type' } })
    ctx.last().receive({ type: 'new_notification', notification: whole })
    expect(ctx.events).toEqual([{ type: 'new_notification', notification: whole }])
  })

  it('send works only while the socket is open', () => {
    const ctx = setup()
    expect(ctx.client.send({ type: 'ping' })).toBe(false)
    ctx.client.start()
    expect(ctx.client.send({ type: 'ping' })).toBe(false)
    ctx.last().open()
    expect(ctx.client.send({ type: 'typing', conversationId: 3 })).toBe(true)
    expect(ctx.last().sent.at(-1)).toEqual({ type: 'typing', conversationId: 3 })
  })
})

describe('stop', () => {
  it('closes with 1000 and cancels heartbeat and timeout', () => {
    const ctx = setup()
    ctx.client.start()
    ctx.last().open()
    ctx.client.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(ctx.sockets[0].closeCalls).toEqual([1000])
    expect(ctx.statuses.at(-1)).toEqual({ state: 'closed', connected: false })
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.sockets[0].pings).toBe(0)
    expect(ctx.sockets[0].closeCalls).toEqual([1000])
    expect(ctx.sockets).toHaveLength(1)
  })

  it('cancels a pending reconnect', () => {
    const ctx = setup()
    ctx.client.start()
    holdAndDrop(ctx, 100, 1006)
    ctx.client.stop()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * 60_000)
    expect(ctx.sockets).toHaveLength(1)
  })
})

describe('on the desktop', () => {
  const desktop = () => setup({ policy: desktopReconnect })

  it('keeps trying after a normal server shutdown, with the backoff capped at 30 s', () => {
    const ctx = desktop()
    ctx.client.start()
    for (const delay of [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 1001)
      expectNextStartAfter(ctx, delay)
    }
  })

  it('never gives up on attempts that fail', () => {
    const ctx = desktop()
    ctx.client.start()
    // every attempt hangs until the 15 s connect timeout, then waits at most 31 s for the next
    vi.advanceTimersByTime(60 * 60_000)
    const afterAnHour = ctx.sockets.length
    vi.advanceTimersByTime(10 * 46_000)
    expect(ctx.sockets.length - afterAnHour).toBeGreaterThanOrEqual(10)
  })

  it('connects at once on reconnectNow, resetting the backoff', () => {
    const ctx = desktop()
    ctx.client.start()
    for (let i = 0; i < 6; i++) {
      holdAndDrop(ctx, REALTIME.stableAfterMs, 1006)
      vi.advanceTimersByTime(31_000)
    }
    holdAndDrop(ctx, REALTIME.stableAfterMs, 1006)
    const count = ctx.sockets.length
    // the next attempt would be 30 s away
    ctx.client.reconnectNow()
    expect(ctx.sockets).toHaveLength(count + 1)
    expect(ctx.statuses.at(-1)).toEqual({ state: 'connecting', connected: false })
    holdAndDrop(ctx, REALTIME.stableAfterMs, 1006)
    expectNextStartAfter(ctx, 1000)
  })

  it('leaves an attempt under way alone', () => {
    const ctx = desktop()
    ctx.client.start()
    ctx.client.reconnectNow()
    expect(ctx.sockets).toHaveLength(1)
    expect(ctx.sockets[0].closeCalls).toEqual([])
  })

  it('pings a connection that looks up and replaces it when nothing answers', () => {
    const ctx = desktop()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'authenticated', userId: 7 })
    ctx.client.reconnectNow()
    expect(ctx.last().pings).toBe(1)
    vi.advanceTimersByTime(WAKE_PROBE_MS - 1)
    expect(ctx.sockets).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(ctx.sockets[0].closeCalls).toHaveLength(1)
    expect(ctx.sockets).toHaveLength(2)
    expect(ctx.statuses.slice(-2)).toEqual([
      { state: 'closed', connected: false },
      { state: 'connecting', connected: false },
    ])
  })

  it('keeps a connection that answers the ping', () => {
    const ctx = desktop()
    ctx.client.start()
    ctx.last().open()
    ctx.last().receive({ type: 'authenticated', userId: 7 })
    ctx.client.reconnectNow()
    ctx.last().receive({ type: 'pong' })
    vi.advanceTimersByTime(WAKE_PROBE_MS * 2)
    expect(ctx.sockets).toHaveLength(1)
    expect(ctx.sockets[0].closeCalls).toEqual([])
    // and a later wake probes again
    ctx.client.reconnectNow()
    vi.advanceTimersByTime(WAKE_PROBE_MS)
    expect(ctx.sockets).toHaveLength(2)
  })

  it('stays down after auth_error and after stop, wake or not', () => {
    const refused = desktop()
    refused.client.start()
    refused.last().open()
    refused.last().receive({ type: 'auth_error', message: 'nope' })
    refused.client.reconnectNow()
    const stopped = desktop()
    stopped.client.start()
    stopped.client.stop()
    stopped.client.reconnectNow()
    vi.advanceTimersByTime(10 * 60_000)
    expect(refused.sockets).toHaveLength(1)
    expect(stopped.sockets).toHaveLength(1)
  })
})
