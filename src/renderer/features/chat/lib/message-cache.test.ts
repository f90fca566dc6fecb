import { describe, expect, it } from 'vitest'
import { message, pages } from '../test-fixtures'
import { flattenPages, markReadBy, mergeNewestPage, replaceMessage, setLocalState, upsertMessage, type ChatMessage } from './message-cache'

const optimistic = (clientId: string, content = 'hello'): ChatMessage => ({
  ...message(-1, 'buyer', { content, clientId }),
  localState: 'sending',
})

const ids = (data: ReturnType<typeof upsertMessage>) => flattenPages(data).map((m) => m.id)

describe('thread cache', () => {
  it('flattens pages oldest first', () => {
    expect(ids(pages([message(3, 'buyer'), message(4, 'seller')], [message(1, 'buyer'), message(2, 'seller')]))).toEqual([1, 2, 3, 4])
  })

  it('replaces the optimistic copy with the server copy of the same clientId, never adding a second', () => {
    const withCopy = upsertMessage(pages([message(1, 'seller')]), optimistic('web-a'))
    expect(ids(withCopy)).toEqual([1, -1])
    const echoed = upsertMessage(withCopy, message(2, 'buyer', { content: 'hello', clientId: 'web-a' }))
    expect(flattenPages(echoed).map((m) => [m.id, m.localState])).toEqual([
      [1, undefined],
      [2, undefined],
    ])
    // the POST answer arriving after the live echo is the same message again
    expect(ids(upsertMessage(echoed, message(2, 'buyer', { content: 'hello', clientId: 'web-a' })))).toEqual([1, 2])
  })

  it('keeps the server copy when an optimistic copy comes second, and orders by id', () => {
    const sent = upsertMessage(pages([message(5, 'seller')]), message(6, 'buyer', { clientId: 'web-b' }))
    expect(upsertMessage(sent, optimistic('web-b'))).toBe(sent)
    expect(ids(upsertMessage(sent, message(4, 'seller')))).toEqual([4, 5, 6])
  })

  it('puts unsent copies after every server message', () => {
    const data = upsertMessage(upsertMessage(pages([message(1, 'seller')]), optimistic('web-c')), message(2, 'seller'))
    expect(ids(data)).toEqual([1, 2, -1])
  })

  it('changes the state of an unsent copy only', () => {
    const data = upsertMessage(pages([]), optimistic('web-d'))
    const failed = setLocalState(data, 'web-d', 'failed', 'You are sending messages too fast.')
    expect(flattenPages(failed)[0]).toMatchObject({ localState: 'failed', localError: 'You are sending messages too fast.' })
    expect(setLocalState(failed, 'web-unknown', 'sending')).toBe(failed)
  })

  it('marks a role read on every message, or up to an id, and leaves an unchanged cache as it was', () => {
    const data = pages([message(1, 'buyer'), message(2, 'buyer'), message(3, 'buyer')])
    const upTo2 = markReadBy(data, 'seller', 2)
    expect(flattenPages(upTo2).map((m) => [m.sellerHasRead, m.tickStatus.seller])).toEqual([
      [true, 'read'],
      [true, 'read'],
      [false, undefined],
    ])
    const all = markReadBy(upTo2, 'seller')
    expect(flattenPages(all).every((m) => m.sellerHasRead)).toBe(true)
    expect(markReadBy(all, 'seller')).toBe(all)
  })

  it('merges the newest page after a reconnect, or starts again from it when the gap is too wide', () => {
    const data = upsertMessage(pages([message(1, 'buyer'), message(2, 'seller')]), optimistic('web-e'))
    expect(ids(mergeNewestPage(data, { items: [message(2, 'seller'), message(3, 'seller')], nextCursor: 2 }))).toEqual([1, 2, 3, -1])
    const gap = mergeNewestPage(data, { items: [message(60, 'seller'), message(61, 'seller')], nextCursor: 60 })
    expect(ids(gap)).toEqual([60, 61, -1])
    expect(gap?.pages).toHaveLength(1)
  })

  it('rewrites a line in place wherever it sits, and leaves a thread that has not loaded it alone', () => {
    const thread = pages(
      [message(5, 'buyer'), message(6, 'seller')],
      [message(2, 'seller', { isSystem: true, content: '0 of 5' }), message(3, 'buyer')],
    )
    const rewritten = message(2, 'buyer', { isSystem: true, content: '1 of 5', editedAt: '2026-03-01T11:00:00.000Z' })
    const after = replaceMessage(thread, rewritten)
    expect(flattenPages(after).map((m) => [m.id, m.content])).toEqual([
      [2, '1 of 5'],
      [3, 'message 3'],
      [5, 'message 5'],
      [6, 'message 6'],
    ])
    // a line on a page not fetched yet is not pulled into the newest page: its own page brings it
    const newest = pages([message(5, 'buyer'), message(6, 'seller')])
    expect(replaceMessage(newest, rewritten)).toBe(newest)
    expect(replaceMessage(undefined, rewritten)).toBeUndefined()
  })
})
