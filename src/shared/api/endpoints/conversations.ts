import { adminConversationListSchema, adminConversationQuerySchema } from '../admin-conversations'
import {
  chatUnreadCountSchema,
  conversationDtoSchema,
  conversationListQuerySchema,
  conversationListSchema,
  markReadResultSchema,
  messageDtoSchema,
  messageListQuerySchema,
  messageListSchema,
  openConversationSchema,
  sendMessageSchema,
} from '../conversations'
import { endpoints, serialIdParam } from '../endpoint'

const id = { id: serialIdParam }

/** conversations.routes.ts and support-desk.routes.ts: a conversation one may not see is a 404 */
export const conversationsEndpoints = endpoints('chat', {
  getConversations: {
    method: 'GET',
    path: '/api/conversations',
    summary: 'The user’s conversations, newest activity first (all=true: every one, admins only)',
    auth: 'signed-in',
    query: conversationListQuerySchema,
    response: { schema: conversationListSchema },
    pageHeader: 'X-Next-Cursor',
  },
  postConversations: {
    method: 'POST',
    path: '/api/conversations',
    summary: 'Open (or find) the conversation with a seller, about a listing or not',
    auth: 'signed-in',
    body: openConversationSchema,
    response: { status: 201, schema: conversationDtoSchema },
  },
  getConversationsUnreadCount: {
    method: 'GET',
    path: '/api/conversations/unread-count',
    summary: 'Unread messages over every conversation',
    auth: 'signed-in',
    response: { schema: chatUnreadCountSchema },
  },
  getConversationsById: {
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation',
    auth: 'signed-in',
    params: id,
    response: { schema: conversationDtoSchema },
  },
  getConversationsMessages: {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    summary: 'A page of messages before a message id, oldest first',
    auth: 'signed-in',
    params: id,
    query: messageListQuerySchema,
    response: { schema: messageListSchema },
    pageHeader: 'X-Next-Cursor',
  },
  postConversationsMessages: {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    summary: 'Send a message (the same clientId is one message however often sent)',
    auth: 'signed-in',
    params: id,
    body: sendMessageSchema,
    response: { status: 201, schema: messageDtoSchema },
    errors: [409, 429],
  },
  postConversationsRead: {
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: 'Mark the conversation read for the viewer’s role',
    auth: 'signed-in',
    params: id,
    response: { schema: markReadResultSchema },
  },
  getAdminConversations: {
    method: 'GET',
    path: '/api/admin/conversations',
    summary: 'Every conversation as support sees it, searched and paged',
    auth: 'admin',
    query: adminConversationQuerySchema,
    response: { schema: adminConversationListSchema },
    pageHeader: 'X-Total-Count',
  },
})
