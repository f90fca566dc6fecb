import type { InfiniteData } from '@tanstack/react-query'
import type { ChatRole, MessageDto } from '@shared/api/conversations'

/**
 * The cached pages of one thread and the pure changes made to them: live messages, the sender's
 * optimistic copies and read receipts. Every change answers the same object when nothing changed, so
 * React Query's observers do not re-render for an event about someone else's thread.
 */

export type LocalState = 'sending' | 'failed'

export interface ChatMessage extends MessageDto {
  /** only on the sender's own copy until the server has the message */
  localState?: LocalState
  /** why the last attempt failed */
  localError?: string
}

export interface MessagePage {
  /** oldest first */
  items: ChatMessage[]
  /** the `before` of the next older page; null on the oldest */
  nextCursor: number | null
}

/** pages[0] is the newest page; fetching the "next" page goes back in time. */
export type MessagePages = InfiniteData<MessagePage>

export const isLocal = (message: ChatMessage) => message.localState !== undefined

/** Every message, oldest first. */
export function flattenPages(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return []
  const out: ChatMessage[] = []
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...data.pages[i]!.items)
  return out
}

/** Server messages by id, then the sender's unsent copies in the order they were written. */
function sortNewest(items: ChatMessage[]): ChatMessage[] {
  const sent = items.filter((m) => !isLocal(m)).sort((a, b) => a.id - b.id)
  return [...sent, ...items.filter(isLocal)]
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (!isLocal(a) && !isLocal(b) && a.id === b.id) return true
  return a.clientId !== undefined && a.clientId === b.clientId && a.senderId === b.senderId
}

/**
 * Puts a message into the thread once: the server's copy replaces the optimistic one with the same
 * clientId, or an earlier copy with the same id, wherever it sits; a new one joins the newest page.
 * An optimistic copy never replaces the server's.
 */
export function upsertMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data
  for (let p = 0; p < data.pages.length; p++) {
    const page = data.pages[p]!
    const index = page.items.findIndex((item) => sameMessage(item, message))
    if (index === -1) continue
    const current = page.items[index]!
    if (isLocal(message) && !isLocal(current)) return data
    const items = page.items.slice()
    items[index] = message
    const pages = data.pages.slice()
    pages[p] = { ...page, items: p === 0 ? sortNewest(items) : items }
    return { ...data, pages }
  }
  const [newest, ...older] = data.pages
  return { ...data, pages: [{ ...newest!, items: sortNewest([...newest!.items, message]) }, ...older] }
}

/**
 * A message rewritten in place (a deal's checklist line) takes the place of the copy the thread holds, wherever it
 * sits. One the thread has not loaded is not added: it belongs to an older page, which brings it when it is fetched.
 */
export function replaceMessage(data: MessagePages | undefined, message: MessageDto): MessagePages | undefined {
  if (!data) return data
  const p = data.pages.findIndex((page) => page.items.some((item) => !isLocal(item) && item.id === message.id))
  if (p === -1) return data
  const pages = data.pages.slice()
  pages[p] = { ...pages[p]!, items: pages[p]!.items.map((item) => (!isLocal(item) && item.id === message.id ? message : item)) }
  return { ...data, pages }
}

/** Changes the state of an unsent copy; a copy the server already answered for is left alone. */
export function setLocalState(data: MessagePages | undefined, clientId: string, state: LocalState, error?: string): MessagePages | undefined {
  if (!data) return data
  let changed = false
  const pages = data.pages.map((page) => {
    if (!page.items.some((m) => isLocal(m) && m.clientId === clientId)) return page
    changed = true
    return { ...page, items: page.items.map((m) => (isLocal(m) && m.clientId === clientId ? { ...m, localState: state, localError: error } : m)) }
  })
  return changed ? { ...data, pages } : data
}

const FLAG = { buyer: 'buyerHasRead', seller: 'sellerHasRead', admin: 'adminHasRead' } as const satisfies Record<ChatRole, keyof MessageDto>

export const hasRead = (message: MessageDto, role: ChatRole) => message[FLAG[role]] || message.tickStatus[role] === 'read'

/** Marks the role's read receipt on every sent message, or on those up to `upToId`. */
export function markReadBy(data: MessagePages | undefined, role: ChatRole, upToId?: number): MessagePages | undefined {
  if (!data) return data
  const applies = (m: ChatMessage) => !isLocal(m) && !hasRead(m, role) && (upToId === undefined || m.id <= upToId)
  let changed = false
  const pages = data.pages.map((page) => {
    if (!page.items.some(applies)) return page
    changed = true
    return {
      ...page,
      items: page.items.map((m) => (applies(m) ? { ...m, [FLAG[role]]: true, tickStatus: { ...m.tickStatus, [role]: 'read' as const } } : m)),
    }
  })
  return changed ? { ...data, pages } : data
}

/** The newest page fetched again (after a reconnect): merged in, or instead of a cache it no longer reaches. */
export function mergeNewestPage(data: MessagePages | undefined, page: MessagePage): MessagePages | undefined {
  if (!data) return data
  const known = flattenPages(data).filter((m) => !isLocal(m))
  const newestKnown = known.at(-1)?.id ?? 0
  const oldestFetched = page.items[0]?.id ?? Infinity
  // more was missed than one page holds: start again from this page, keeping what is still unsent
  if (page.nextCursor !== null && oldestFetched > newestKnown) {
    const unsent = flattenPages(data).filter(isLocal)
    return { pages: [{ ...page, items: [...page.items, ...unsent] }], pageParams: [undefined] }
  }
  return page.items.reduce<MessagePages | undefined>((acc, message) => upsertMessage(acc, message), data)
}
