import { describe, expect, it } from 'vitest'
import { ADMIN_SENDER_NAME } from '@shared/api/conversations'
import { ADMIN_SENDER_ID } from '@shared/constants'
import type { User } from '../users/user.entity'
import type { Conversation, Message } from './conversation.entities'
import { tickStatusOf, toMessageDto } from './conversation.mapper'

const user = (id: number, username: string) => ({ id, username }) as User

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 7,
    conversation: { id: 3 } as Conversation,
    sender: user(1001, 'alice'),
    isFromAdmin: false,
    isSystem: false,
    systemKey: null,
    content: 'hello',
    clientId: null,
    createdAt: new Date('2026-11-23T10:00:00.123Z'),
    editedAt: null,
    buyerHasRead: true,
    sellerHasRead: false,
    adminHasRead: false,
    ...overrides,
  }
}

describe('message mapping', () => {
  it('names the roles that have read a message, and only those', () => {
    expect(tickStatusOf({ buyerHasRead: false, sellerHasRead: false, adminHasRead: false })).toEqual({})
    expect(tickStatusOf({ buyerHasRead: true, sellerHasRead: false, adminHasRead: true })).toEqual({ buyer: 'read', admin: 'read' })
  })

  it('shows a user message with its sender', () => {
    expect(toMessageDto(message({ clientId: 'c-1' }))).toEqual({
      id: 7,
      conversationId: 3,
      content: 'hello',
      senderId: 1001,
      sender: { id: 1001, username: 'alice' },
      createdAt: '2026-11-23T10:00:00.123Z',
      isFromAdmin: false,
      buyerHasRead: true,
      sellerHasRead: false,
      adminHasRead: false,
      tickStatus: { buyer: 'read' },
      clientId: 'c-1',
    })
  })

  it('shows an admin message as 999 and never names the admin', () => {
    const dto = toMessageDto(message({ sender: user(1003, 'admin'), isFromAdmin: true, buyerHasRead: false, adminHasRead: true }))
    expect(dto).toMatchObject({
      senderId: ADMIN_SENDER_ID,
      sender: { id: ADMIN_SENDER_ID, username: ADMIN_SENDER_NAME },
      tickStatus: { admin: 'read' },
    })
    expect(JSON.stringify(dto)).not.toMatch(/1003|"username":"admin"/)
    expect(dto).not.toHaveProperty('clientId')
  })

  it('says when a line kept in place was last rewritten, and says nothing of it on any other message', () => {
    const kept = toMessageDto(message({ isSystem: true, systemKey: 'checklist:4', editedAt: new Date('2026-11-23T11:30:00.456Z') }))
    expect(kept).toMatchObject({ isSystem: true, createdAt: '2026-11-23T10:00:00.123Z', editedAt: '2026-11-23T11:30:00.456Z' })
    // the key is the server's way of finding the line again, not part of the message
    expect(kept).not.toHaveProperty('systemKey')
    expect(toMessageDto(message({ isSystem: true }))).not.toHaveProperty('editedAt')
  })
})
