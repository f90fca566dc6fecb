import { describe, expect, it, vi } from 'vitest'
import type { Logger } from '../logger'
import { announce, combine, type StoredNotification } from './announce'
import type { Delivery, EventBus } from './bus'

const note = (id: number, userId: number): StoredNotification => ({
  id,
  type: 'user_banned',
  title: 'Account banned',
  message: 'Your Handover account has been banned: spam',
  isRead: false,
  createdAt: new Date('2026-12-01T10:00:00Z'),
  data: { banReason: 'spam' },
  user: { id: userId },
})
const ended: Delivery = { audience: { userIds: [7] }, event: { type: 'session_ended', reason: 'banned' } }
const back: Delivery = { audience: { all: true }, event: { type: 'LISTING_REACTIVATED', accountId: 3 } }

/** A bus that keeps what each publish carried, or fails every publish with `failure`. */
function recordingBus(failure?: Error) {
  const published: Delivery[][] = []
  const bus = {
    publishMany: vi.fn(async (deliveries: Delivery[]) => {
      if (failure) throw failure
      published.push(deliveries)
    }),
  }
  return { bus: bus as unknown as EventBus, published }
}

const quietLogger = () => ({ warn: vi.fn() })

describe('combine', () => {
  it('puts each part’s notifications before its other events, part after part, and skips parts that are absent', () => {
    const combined = combine({ notifications: [note(1, 7)], deliveries: [ended] }, null, undefined, { deliveries: [back] })
    expect(combined.deliveries!.map((d) => d.event.type)).toEqual(['new_notification', 'session_ended', 'LISTING_REACTIVATED'])
    expect(combined.deliveries![0]).toEqual({
      audience: { userIds: [7] },
      event: {
        type: 'new_notification',
        notification: {
          id: 1,
          type: 'user_banned',
          title: 'Account banned',
          message: 'Your Handover account has been banned: spam',
          isRead: false,
          createdAt: '2026-12-01T10:00:00.000Z',
          data: { banReason: 'spam' },
        },
      },
    })
  })
})

describe('announce', () => {
  it('publishes everything in one message, in order, leaving out events meant for nobody', async () => {
    const { bus, published } = recordingBus()
    const logger = quietLogger()
    const nobody: Delivery = { audience: { userIds: [] }, event: { type: 'user_online', userId: 5 } }
    await announce({ bus, logger: logger as unknown as Logger }, 'moderation action', { notifications: [note(1, 7)], deliveries: [nobody, ended] })
    expect(published.map((message) => message.map((d) => d.event.type))).toEqual([['new_notification', 'session_ended']])
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it('publishes nothing when there is nothing to tell', async () => {
    const { bus, published } = recordingBus()
    await announce({ bus, logger: quietLogger() as unknown as Logger }, 'listing change', { notifications: [], deliveries: [] })
    expect(published).toEqual([])
    expect(bus.publishMany).not.toHaveBeenCalled()
  })

  it('never throws when the bus fails: it logs what was lost, for whom and of what', async () => {
    const failure = new Error('bus down')
    const { bus } = recordingBus(failure)
    const logger = quietLogger()
    await expect(
      announce({ bus, logger: logger as unknown as Logger }, 'withdrawal', { notifications: [note(1, 7)], deliveries: [back] }),
    ).resolves.toBe(undefined)
    expect(logger.warn).toHaveBeenCalledWith(
      { err: failure, types: ['new_notification', 'LISTING_REACTIVATED'], userIds: [7] },
      'withdrawal committed but its live events were not published',
    )
  })
})
