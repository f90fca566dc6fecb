// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@shared/realtime/events'
import { openRealtimeConnection } from './realtime-connection'

/** The browser WebSocket, played by the test: it opens and receives what the server would send. */
class FakeSocket {
  static last: FakeSocket | null = null
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.last = this
  }
  send() {}
  close() {}
  receive(event: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }
}

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
    const connection = openRealtimeConnection({ url: 'ws://test/ws', userId: 1001, queryClient, onEvent: () => {}, onStatus: () => {}, sounds: { handleEvent } })
    const socket = FakeSocket.last!
    socket.onopen?.()
    const event: ServerEvent = { type: 'new_notification', notification: { id: 1, type: 'listing_approved', data: {} } }
    socket.receive(event)
    expect(handleEvent).toHaveBeenCalledWith(event, 1001)
    // the bell refetches as the chime plays, not after
    expect(invalidatedBefore).toBeGreaterThan(0)
    connection.stop()
  })
})
