import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientMessage } from '@shared/realtime/events'
import { createTypingSignal } from './typing-signal'

describe('typing signal', () => {
  let sent: ClientMessage['type'][]
  const send = (message: ClientMessage) => {
    sent.push(message.type)
    return true
  }
  beforeEach(() => {
    vi.useFakeTimers()
    sent = []
  })
  afterEach(() => vi.useRealTimers())

  it('says typing at most once per 2 s while keys keep coming', () => {
    const signal = createTypingSignal(7, send)
    for (let i = 0; i < 10; i++) {
      signal.input()
      vi.advanceTimersByTime(300)
    }
    // 3 s of typing: at 0 s and at 2.1 s
    expect(sent).toEqual(['typing', 'typing'])
  })

  it('says stop after 3 s without a key, once', () => {
    const signal = createTypingSignal(7, send)
    signal.input()
    vi.advanceTimersByTime(2_999)
    expect(sent).toEqual(['typing'])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual(['typing', 'stop_typing'])
    vi.advanceTimersByTime(10_000)
    expect(sent).toEqual(['typing', 'stop_typing'])
  })

  it('says stop at once on send, and typing again straight after', () => {
    const signal = createTypingSignal(7, send)
    signal.input()
    signal.stop()
    signal.input()
    expect(sent).toEqual(['typing', 'stop_typing', 'typing'])
  })

  it('says nothing on stop when it never said typing (no connection)', () => {
    const signal = createTypingSignal(7, () => false)
    signal.input()
    signal.stop()
    vi.advanceTimersByTime(5_000)
    expect(sent).toEqual([])
  })
})
