import { useCallback } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { messageDtoSchema, type ConversationDto, type MessageDto } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { api } from '@/lib/api'
import { describeError } from '@/lib/api-client'
import { conversationKeys } from '@/lib/query-keys'
import { newClientId } from '../lib/client-id'
import { updateInList, withMessage, type ConversationPages } from '../lib/conversation-cache'
import { flattenPages, setLocalState, upsertMessage, type ChatMessage, type MessagePages } from '../lib/message-cache'
import { actingSender, type ChatViewer } from '../lib/viewer'

export const SEND_FAILED = 'Message not sent'

/** POST /api/conversations/{id}/messages; the same clientId twice is one message. */
export async function postMessage(conversationId: number, content: string, clientId: string): Promise<MessageDto> {
  return messageDtoSchema.parse(
    await api(conversationsEndpoints.postConversationsMessages, { params: { id: conversationId }, body: { content, clientId } }),
  )
}

let localIds = 0

/** The sender's copy shown before the server answers; its own side has read it. */
export function optimisticMessage(
  conversation: Pick<ConversationDto, 'id'>,
  viewer: ChatViewer,
  content: string,
  clientId: string,
  now = new Date(),
): ChatMessage {
  const sender = actingSender(viewer)
  return {
    // negative, so it never meets a server id
    id: -++localIds,
    conversationId: conversation.id,
    content,
    senderId: sender.id,
    sender,
    createdAt: now.toISOString(),
    isFromAdmin: viewer.role === 'admin',
    buyerHasRead: viewer.role === 'buyer',
    sellerHasRead: viewer.role === 'seller',
    adminHasRead: viewer.role === 'admin',
    tickStatus: { [viewer.role]: 'read' },
    clientId,
    localState: 'sending',
  }
}

/** A message the server stored: into the thread (replacing the optimistic copy) and the conversation's preview. */
export function storeSentMessage(queryClient: QueryClient, message: MessageDto): void {
  queryClient.setQueryData<MessagePages>(conversationKeys.messages(message.conversationId), (data) => upsertMessage(data, message))
  queryClient.setQueryData<ConversationPages>(conversationKeys.list(), (data) =>
    updateInList(data, message.conversationId, (c) => withMessage(c, message, false), true),
  )
  // support's first message joins the conversation: its live events reach admins from then on
  const joined = (c: ConversationDto) => (message.isFromAdmin && !c.adminJoined ? { ...c, adminJoined: true } : c)
  queryClient.setQueryData<ConversationDto | null>(conversationKeys.detail(message.conversationId), (c) =>
    c ? joined(withMessage(c, message, false)) : c,
  )
}

async function deliver(queryClient: QueryClient, message: ChatMessage): Promise<void> {
  const key = conversationKeys.messages(message.conversationId)
  const clientId = message.clientId!
  queryClient.setQueryData<MessagePages>(key, (data) => setLocalState(data, clientId, 'sending'))
  try {
    storeSentMessage(queryClient, await postMessage(message.conversationId, message.content, clientId))
  } catch (error) {
    queryClient.setQueryData<MessagePages>(key, (data) => setLocalState(data, clientId, 'failed', describeError(error, SEND_FAILED)))
  }
}

/** Optimistic sending: sending → sent (the server's copy) or failed, which Retry sends again with the same clientId. */
export function useSendMessage(conversation: ConversationDto, viewer: ChatViewer) {
  const queryClient = useQueryClient()
  const { id } = conversation
  const send = useCallback(
    (content: string) => {
      const text = content.trim()
      if (!text) return
      const message = optimisticMessage({ id }, viewer, text, newClientId())
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(id), (data) => upsertMessage(data, message))
      void deliver(queryClient, message)
    },
    [queryClient, id, viewer],
  )
  // the same function across renders, so the memoised message rows do not redraw for it
  const retry = useCallback(
    (clientId: string) => {
      const message = flattenPages(queryClient.getQueryData<MessagePages>(conversationKeys.messages(id))).find(
        (m) => m.localState === 'failed' && m.clientId === clientId,
      )
      if (message) void deliver(queryClient, message)
    },
    [queryClient, id],
  )
  return { send, retry }
}
