import { describe, expect, it, vi } from 'vitest'
import type { ServerEvent } from '@shared/realtime/events'
import { createLocalBus, type Audience } from './bus'

const online: ServerEvent = { type: 'user_online', userId: 5 }

describe('local bus', () => {
  it('delivers audience and event to every subscriber', async () => {
    const bus = createLocalBus()
    const first = vi.fn()
    const second = vi.fn()
    bus.subscribe(first)
    bus.subscribe(second)
    const audience: Audience = { userIds: [1, 2] }
    await bus.publish(audience, online)
    expect(first).toHaveBeenCalledWith(audience, online)
    expect(second).toHaveBeenCalledWith(audience, online)
  })

  it('stops delivering to an unsubscribed handler', async () => {
    const bus = createLocalBus()
    const handler = vi.fn()
    const unsubscribe = bus.subscribe(handler)
    unsubscribe()
    await bus.publish({ all: true }, online)
    expect(handler).not.toHaveBeenCalled()
  })

  it('keeps delivering when one handler throws, and the publisher does not see it', async () => {
    const bus = createLocalBus()
    const after = vi.fn()
    bus.subscribe(() => {
      throw new Error('broken subscriber')
    })
    bus.subscribe(after)
    await expect(bus.publish({ all: true }, online)).resolves.toBeUndefined()
    expect(after).toHaveBeenCalledOnce()
  })

  it('rejects an event that does not match the shared schema', async () => {
    const bus = createLocalBus()
    const handler = vi.fn()
    bus.subscribe(handler)
    const bogus = { type: 'user_online', userId: 'five' } as unknown as ServerEvent
    await expect(bus.publish({ all: true }, bogus)).rejects.toThrow()
    expect(handler).not.toHaveBeenCalled()
  })

  it('delivers several events in order, and none when one of them is malformed', async () => {
    const bus = createLocalBus()
    const handler = vi.fn()
    bus.subscribe(handler)
    const offline: ServerEvent = { type: 'user_offline', userId: 5 }
    await bus.publishMany([
      { audience: { userIds: [1] }, event: online },
      { audience: { all: true }, event: offline },
    ])
    expect(handler.mock.calls).toEqual([
      [{ userIds: [1] }, online],
      [{ all: true }, offline],
    ])
    const bogus = { type: 'user_online', userId: 'five' } as unknown as ServerEvent
    await expect(
      bus.publishMany([
        { audience: { all: true }, event: online },
        { audience: { all: true }, event: bogus },
      ]),
    ).rejects.toThrow()
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('refuses to publish after close', async () => {
    const bus = createLocalBus()
    const handler = vi.fn()
    bus.subscribe(handler)
    await bus.close()
    await expect(bus.publish({ all: true }, online)).rejects.toThrow(/closed/)
    expect(handler).not.toHaveBeenCalled()
  })
})
