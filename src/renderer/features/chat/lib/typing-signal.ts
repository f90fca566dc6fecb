import type { ClientMessage } from '@shared/realtime/events'

/** One `typing` per 2 s while keys are pressed; `stop_typing` after 3 s without any, or at once on send. */
export const TYPING_SIGNAL = { repeatMs: 2_000, idleMs: 3_000 } as const

export interface TypingSignal {
  /** the composer's text changed */
  input(): void
  /** the message was sent, the composer was cleared or the thread closed */
  stop(): void
}

export function createTypingSignal(conversationId: number, send: (message: ClientMessage) => boolean): TypingSignal {
  let lastSentAt = -Infinity
  let typing = false
  let idle: ReturnType<typeof setTimeout> | null = null

  const stop = () => {
    if (idle !== null) clearTimeout(idle)
    idle = null
    if (!typing) return
    typing = false
    lastSentAt = -Infinity
    send({ type: 'stop_typing', conversationId })
  }

  return {
    input() {
      const now = Date.now()
      if (now - lastSentAt >= TYPING_SIGNAL.repeatMs && send({ type: 'typing', conversationId })) {
        lastSentAt = now
        typing = true
      }
      if (idle !== null) clearTimeout(idle)
      idle = setTimeout(stop, TYPING_SIGNAL.idleMs)
    },
    stop,
  }
}
