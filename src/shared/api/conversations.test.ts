import { describe, expect, it } from 'vitest'
import {
  CHAT_MESSAGES,
  CHAT_RULES,
  conversationListQuerySchema,
  messageListQuerySchema,
  openConversationSchema,
  sendMessageSchema,
} from './conversations'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('chat request schemas', () => {
  it('trims content and measures it in characters, not UTF-16 units', () => {
    expect(sendMessageSchema.parse({ content: '  hi \n' })).toEqual({ content: 'hi' })
    expect(sendMessageSchema.safeParse({ content: '😀'.repeat(CHAT_RULES.contentMax) }).success).toBe(true)
    expect(firstMessage(sendMessageSchema.safeParse({ content: 'a'.repeat(CHAT_RULES.contentMax + 1) }))).toBe(CHAT_MESSAGES.contentLong)
    expect(firstMessage(sendMessageSchema.safeParse({ content: '   ' }))).toBe(CHAT_MESSAGES.contentEmpty)
    expect(firstMessage(sendMessageSchema.safeParse({ content: 5 }))).toBe(CHAT_MESSAGES.contentEmpty)
  })

  it('accepts clientIds of up to 64 safe characters', () => {
    expect(sendMessageSchema.parse({ content: 'x', clientId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' }).clientId).toHaveLength(36)
    for (const clientId of ['', 'a'.repeat(65), 'has space', 'ü']) {
      expect(firstMessage(sendMessageSchema.safeParse({ content: 'x', clientId })), clientId).toBe(CHAT_MESSAGES.clientId)
    }
  })

  it('opens with a seller or a listing, nothing else', () => {
    expect(openConversationSchema.parse({ listingId: 4 })).toEqual({ listingId: 4 })
    expect(firstMessage(openConversationSchema.safeParse({}))).toBe(CHAT_MESSAGES.target)
    expect(openConversationSchema.safeParse({ sellerId: 1.5 }).success).toBe(false)
    expect(openConversationSchema.safeParse({ sellerId: 3, other: 1 }).success).toBe(false)
  })

  it('reads page parameters strictly', () => {
    expect(messageListQuerySchema.parse({})).toEqual({ limit: CHAT_RULES.messagesPage.default })
    expect(messageListQuerySchema.parse({ before: '120', limit: '100' })).toEqual({ before: 120, limit: 100 })
    for (const query of [{ limit: '101' }, { limit: '0' }, { before: '0' }, { before: 'x' }, { limit: ['1', '2'] }]) {
      expect(messageListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false)
    }
    expect(conversationListQuerySchema.parse({ all: 'true', before: '1795428000123-42' })).toEqual({
      all: true,
      before: { at: 1795428000123, id: 42 },
      limit: CHAT_RULES.conversationsPage.default,
    })
    expect(conversationListQuerySchema.safeParse({ before: '42' }).success).toBe(false)
  })
})
