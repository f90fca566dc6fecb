import type { QueryClient } from '@tanstack/react-query'
import type { ChatRole, ConversationDto, MessageDto } from '@shared/api/conversations'
import { REFETCH_THROTTLE } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'
import { conversationKeys } from '@/lib/query-keys'
import { throttle } from '@/lib/throttle'
import { getMessagePage } from '../api/get-messages'
import { flattenConversations, mapList, updateInList, withEditedMessage, withMessage, withOnline, type ConversationPages } from './conversation-cache'
import { markReadBy, mergeNewestPage, replaceMessage, setLocalState, upsertMessage, type MessagePages } from './message-cache'
import { TYPING_EXPIRES_MS, typingWithout, typingWith, type TypingState } from './typing-state'

/**
 * Live chat events applied to the cache (SPEC §7, §9). Messages and read receipts are written into
 * the cached threads and conversations at once; the conversation list and the unread total are then
 * fetched again, throttled to one run per 3 s (1 s after read events), leading and trailing.
 * Typing and presence live in the cache too, so every screen showing a conversation agrees.
 */

export interface ChatLiveUpdates {
  /** applies a chat, presence or connection event; false for any other event */
  handle(event: ServerEvent): boolean
  dispose(): void
}

function refetchSummaries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list() })
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() })
}

/** The viewer's side in a conversation, from whichever cached copy has it. */
function roleIn(queryClient: QueryClient, conversationId: number): ChatRole | undefined {
  const detail = queryClient.getQueryData<ConversationDto | null>(conversationKeys.detail(conversationId))
  if (detail) return detail.role
  return flattenConversations(queryClient.getQueryData<ConversationPages>(conversationKeys.list())).find((c) => c.id === conversationId)?.role
}

function updateConversation(queryClient: QueryClient, id: number, change: (c: ConversationDto) => ConversationDto, toTop = false) {
  queryClient.setQueryData<ConversationPages>(conversationKeys.list(), (data) => updateInList(data, id, change, toTop))
  queryClient.setQueryData<ConversationDto | null>(conversationKeys.detail(id), (c) => (c ? change(c) : c))
}

function updateEveryConversation(queryClient: QueryClient, change: (c: ConversationDto) => ConversationDto) {
  queryClient.setQueryData<ConversationPages>(conversationKeys.list(), (data) => mapList(data, change))
  queryClient.setQueriesData<ConversationDto | null>({ queryKey: conversationKeys.details() }, (c) => (c ? change(c) : c))
}

export function createChatLiveUpdates(queryClient: QueryClient): ChatLiveUpdates {
  const afterMessage = throttle(() => refetchSummaries(queryClient), REFETCH_THROTTLE.conversationsMs)
  const afterRead = throttle(() => refetchSummaries(queryClient), REFETCH_THROTTLE.conversationsOnReadMs)
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>()

  const setTyping = (conversationId: number, userId: number, typing: boolean) => {
    const timerKey = `${conversationId}:${userId}`
    clearTimeout(typingTimers.get(timerKey))
    typingTimers.delete(timerKey)
    const key = conversationKeys.typing(conversationId)
    if (!typing) {
      if (queryClient.getQueryData(key)) queryClient.setQueryData<TypingState>(key, (state) => typingWithout(state, userId))
      return
    }
    queryClient.setQueryData<TypingState>(key, (state) => typingWith(state, userId))
    // a lost stop_typing (closed tab, dropped connection) must not leave the indicator on
    typingTimers.set(
      timerKey,
      setTimeout(() => setTyping(conversationId, userId, false), TYPING_EXPIRES_MS),
    )
  }

  const receive = (conversationId: number, message: MessageDto, incoming: boolean) => {
    queryClient.setQueryData<MessagePages>(conversationKeys.messages(conversationId), (data) => upsertMessage(data, message))
    updateConversation(queryClient, conversationId, (c) => withMessage(c, message, incoming), true)
    if (incoming) setTyping(conversationId, message.senderId, false)
    afterMessage()
  }

  // a line rewritten in place is unread again by the side that did not write it: the counts are fetched again
  const edit = (conversationId: number, message: MessageDto) => {
    queryClient.setQueryData<MessagePages>(conversationKeys.messages(conversationId), (data) => replaceMessage(data, message))
    updateConversation(queryClient, conversationId, (c) => withEditedMessage(c, message))
    afterMessage()
  }

  const read = (conversationId: number | undefined, role: ChatRole, upToId?: number) => {
    const filter =
      conversationId === undefined ? { queryKey: conversationKeys.allMessages() } : { queryKey: conversationKeys.messages(conversationId) }
    queryClient.setQueriesData<MessagePages>(filter, (data) => markReadBy(data, role, upToId))
    // our own side read it (another tab, or another admin for the admin side): nothing left unread here
    if (conversationId !== undefined && roleIn(queryClient, conversationId) === role) {
      updateConversation(queryClient, conversationId, (c) => (c.unreadCount === 0 ? c : { ...c, unreadCount: 0 }))
    }
    afterRead()
  }

  const setPresence = (online: (id: number) => boolean | undefined) => updateEveryConversation(queryClient, (c) => withOnline(c, online))

  /** After every (re)connection: what arrived while the socket was down, one newest page per open thread. */
  const catchUp = () => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: conversationKeys.allMessages() })) {
      const conversationId = query.queryKey[2]
      if (typeof conversationId !== 'number' || query.state.data === undefined) continue
      getMessagePage(conversationId, undefined)
        .then((page) => queryClient.setQueryData<MessagePages>(query.queryKey, (data) => mergeNewestPage(data, page)))
        .catch(() => undefined)
    }
    refetchSummaries(queryClient)
  }

  return {
    handle(event) {
      switch (event.type) {
        case 'new_message':
          receive(event.conversationId, event.message, true)
          return true
        case 'message_sent':
          receive(event.conversationId, event.message, false)
          return true
        case 'message_updated':
          edit(event.conversationId, event.message)
          return true
        case 'messages_read':
          read(event.conversationId, event.userRole)
          return true
        case 'MESSAGE_READ_UPDATE':
          read(event.conversationId, event.userRole, event.messageId)
          return true
        case 'send_message_error':
          // the answer to a message sent over the socket (the screens send over HTTP; another client may not)
          queryClient.setQueryData<MessagePages>(conversationKeys.messages(event.conversationId), (data) =>
            setLocalState(data, event.clientId, 'failed', event.message),
          )
          return true
        case 'message_read':
          // carries no role; messages_read and MESSAGE_READ_UPDATE arrive with it and say who read
          afterRead()
          return true
        case 'user_typing':
        case 'user_stopped_typing':
          setTyping(event.conversationId, event.userId, event.type === 'user_typing')
          return true
        case 'user_online':
        case 'user_offline': {
          const { userId } = event
          setPresence((id) => (id === userId ? event.type === 'user_online' : undefined))
          return true
        }
        case 'online_users_list': {
          const online = new Set(event.userIds)
          setPresence((id) => online.has(id))
          return true
        }
        case 'authenticated':
          catchUp()
          return true
        default:
          return false
      }
    },
    dispose() {
      afterMessage.cancel()
      afterRead.cancel()
      for (const timer of typingTimers.values()) clearTimeout(timer)
      typingTimers.clear()
    },
  }
}
