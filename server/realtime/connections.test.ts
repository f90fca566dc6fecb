import { describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { WebSocket as WsSocket } from 'ws'
import { createConnectionRegistry, deliver, keysFor, MAX_BUFFERED_BYTES } from './connections'

describe('keysFor', () => {
  it('lets a session claim its own id', () => {
    expect(keysFor({ userId: 1200, isAdmin: false }, 1200)).toEqual([1200])
  })

  it('refuses another user id', () => {
    expect(keysFor({ userId: 1200, isAdmin: false }, 1201)).toBeNull()
  })

  it('lets only an admin speak as 999, keyed by 999 and the real id', () => {
    expect(keysFor({ userId: 1200, isAdmin: false }, 999)).toBeNull()
    expect(keysFor({ userId: 1000, isAdmin: true }, 999)).toEqual([999, 1000])
  })
})

describe('connection registry', () => {
  const socket = {} as WebSocket

  it('targets each authenticated connection once, however many of its ids match', () => {
    const registry = createConnectionRegistry()
    const admin = registry.add(socket, { userId: 1000, isAdmin: true })
    const user = registry.add(socket, { userId: 1200, isAdmin: false })
    const anonymous = registry.add(socket, { userId: 1300, isAdmin: false })
    registry.authenticate(admin, [999, 1000])
    registry.authenticate(user, [1200])
    expect([...registry.audience({ userIds: [999, 1000] })]).toEqual([admin])
    expect(registry.audience({ all: true })).toEqual(new Set([admin, user]))
    expect(registry.audience({ all: true }).has(anonymous)).toBe(false)
  })

  it('leaves out the sockets of the sessions an audience excepts (the one that changed the password)', () => {
    const registry = createConnectionRegistry()
    const here = registry.add(socket, { userId: 1200, isAdmin: false, sessionKey: 'session-here' })
    const there = registry.add(socket, { userId: 1200, isAdmin: false, sessionKey: 'session-there' })
    const unknown = registry.add(socket, { userId: 1200, isAdmin: false })
    for (const connection of [here, there, unknown]) registry.authenticate(connection, [1200])
    expect(registry.audience({ userIds: [1200], exceptSessions: ['session-here'] })).toEqual(new Set([there, unknown]))
    expect(registry.audience({ userIds: [1200] })).toEqual(new Set([here, there, unknown]))
  })

  it('keeps to the sockets of the sessions an audience names (the ones signed out from the list of sessions)', () => {
    const registry = createConnectionRegistry()
    const here = registry.add(socket, { userId: 1200, isAdmin: false, sessionKey: 'session-here' })
    const there = registry.add(socket, { userId: 1200, isAdmin: false, sessionKey: 'session-there' })
    const unknown = registry.add(socket, { userId: 1200, isAdmin: false })
    const otherUser = registry.add(socket, { userId: 1300, isAdmin: false, sessionKey: 'session-there' })
    for (const connection of [here, there, unknown]) registry.authenticate(connection, [1200])
    registry.authenticate(otherUser, [1300])
    expect(registry.audience({ userIds: [1200], onlySessions: ['session-there'] })).toEqual(new Set([there]))
    expect(registry.audience({ userIds: [1200], onlySessions: [] }).size).toBe(0)
  })

  it('returns only new keys on authenticate and all keys on remove', () => {
    const registry = createConnectionRegistry()
    const admin = registry.add(socket, { userId: 1000, isAdmin: true })
    expect(registry.authenticate(admin, [1000])).toEqual([1000])
    expect(registry.authenticate(admin, [999, 1000])).toEqual([999])
    expect(registry.remove(admin).sort()).toEqual([1000, 999].sort())
    expect(registry.audience({ userIds: [999, 1000] }).size).toBe(0)
    expect(registry.size()).toBe(0)
  })
})

describe('deliver', () => {
  /** what deliver reads and calls on a socket: readyState, bufferedAmount, send and terminate */
  const fakeSocket = (bufferedAmount: number, readyState: number = WsSocket.OPEN) => {
    const sent: string[] = []
    let terminated = false
    const socket = {
      readyState,
      bufferedAmount,
      send: (data: string) => void sent.push(data),
      terminate: () => void (terminated = true),
    } as unknown as WebSocket
    return { socket, sent, terminated: () => terminated }
  }

  it('sends to sockets keeping up, skips closed ones, and cuts one whose unsent backlog is past the limit', () => {
    const registry = createConnectionRegistry()
    const reading = fakeSocket(0)
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1)
    const closing = fakeSocket(0, WsSocket.CLOSING)
    for (const [n, fake] of [reading, slow, closing].entries()) {
      registry.authenticate(registry.add(fake.socket, { userId: 1200 + n, isAdmin: false }), [1200 + n])
    }
    deliver(registry, { all: true }, { type: 'user_online', userId: 5 })
    expect(reading.sent).toEqual([JSON.stringify({ type: 'user_online', userId: 5 })])
    expect(reading.terminated()).toBe(false)
    expect(slow.sent).toEqual([])
    expect(slow.terminated()).toBe(true)
    expect(closing.sent).toEqual([])
    expect(closing.terminated()).toBe(false)
  })
})
