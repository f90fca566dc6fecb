import type { EntityManager } from '@mikro-orm/postgresql'
import type { AdminConversationDto, AdminConversationQuery } from '@shared/api/admin-conversations'
import {
  CHAT_MESSAGES,
  type ConversationDto,
  type MessageDto,
  type OpenConversationRequest,
  type SendMessageRequest,
} from '@shared/api/conversations'
import type { ServerEvent } from '@shared/realtime/events'
import { ADMIN_SENDER_ID } from '@shared/constants'
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors'
import { BANNED_MESSAGE } from '../../http/access'
import type { Logger } from '../../logger'
import type { Delivery, EventBus } from '../../realtime/bus'
import type { Presence } from '../../realtime/presence'
import type { ListingsService } from '../listings/listings.service'
import type { UsersService } from '../users/users.service'
import { actingId, actorAudience, memberIds, membersOf, READ_FLAG, roleIn, type ChatViewer } from './chat-roles'
import { Conversation, Message } from './conversation.entities'
import { toMessageDto } from './conversation.mapper'
import { conversationPage, describeConversations, unreadTotal, type ListScope } from './conversation-reads'
import { openConversation, type OpenConversationInput } from './open-conversation'
import { keepLine, type KeptLine } from './kept-line'
import { describeForSupport, supportDeskPage } from './support-desk-reads'
import { announce } from '../../realtime/announce'
import { writeMessage } from './write-message'

export type { ChatViewer } from './chat-roles'

export interface ConversationsDeps {
  bus: EventBus
  presence: Presence
  logger: Logger
  listings: ListingsService
  users: UsersService
}

/**
 * Chat between a buyer and a seller, which admins can read and join. Every read and write checks the
 * viewer's side first; live events go out after the commit to the conversation's members only.
 */
export class ConversationsService {
  constructor(private readonly deps: ConversationsDeps) {}

  /** For other modules (escrow at purchase): opens or returns the conversation, inside the caller's transaction. */
  openConversation(tx: EntityManager, input: OpenConversationInput) {
    return openConversation(tx, input)
  }

  /** POST /api/conversations: the viewer is the buyer; the seller is named, or the listing's. */
  async open(em: EntityManager, viewer: ChatViewer, request: OpenConversationRequest): Promise<{ conversation: ConversationDto; created: boolean }> {
    const listingId = request.listingId ?? null
    let sellerId = request.sellerId
    if (listingId !== null) {
      const found = await this.deps.listings.findVisible(em, listingId, viewer)
      // a reserved or sold listing's page is public, but only its seller and admins start a chat about it
      const listing = found && (found.status === 'active' || viewer.isAdmin || found.seller.id === viewer.userId) ? found : null
      if (!listing) {
        // a listing no longer for sale (sold to this buyer, say) still leads to the conversation about it
        const existing = await em.findOne(Conversation, { buyer: viewer.userId, listing: listingId })
        if (!existing) throw notFound(CHAT_MESSAGES.listingNotFound)
        return { conversation: await this.describe(em, viewer, existing.id), created: false }
      }
      if (sellerId !== undefined && sellerId !== listing.seller.id) throw badRequest(CHAT_MESSAGES.listingSeller, 'validation_error')
      sellerId = listing.seller.id
    }
    if (sellerId === undefined) throw badRequest(CHAT_MESSAGES.target, 'validation_error')
    if (sellerId === viewer.userId) throw badRequest(CHAT_MESSAGES.yourself, 'validation_error')
    const seller = await this.deps.users.findById(em, sellerId)
    if (!seller || seller.bannedAt) throw notFound(CHAT_MESSAGES.sellerNotFound)
    const buyerId = viewer.userId
    const { conversation, created } = await em.transactional((tx) => openConversation(tx, { buyerId, sellerId: seller.id, listingId }))
    return { conversation: await this.describe(em, viewer, conversation.id), created }
  }

  /** The conversation and the viewer's side of it; a 404 for a missing one and for one the viewer may not see. */
  async access(em: EntityManager, id: number, viewer: ChatViewer) {
    const conversation = await em.findOne(Conversation, { id })
    const role = conversation ? roleIn(conversation, viewer) : null
    if (!conversation || !role) throw notFound(CHAT_MESSAGES.notFound)
    return { conversation, role }
  }

  async list(em: EntityManager, scope: ListScope): Promise<{ items: ConversationDto[]; nextCursor: string | null }> {
    const { ids, nextCursor } = await conversationPage(em, scope)
    return { items: await describeConversations(em, this.deps.presence, scope.viewer, ids), nextCursor }
  }

  /** The support desk's list (admins; the caller checks): every conversation, filtered, a page at a time. */
  async supportDesk(em: EntityManager, query: AdminConversationQuery): Promise<{ items: AdminConversationDto[]; total: number }> {
    const { ids, total } = await supportDeskPage(em, query)
    return { items: await describeForSupport(em, this.deps.presence, ids), total }
  }

  async describe(em: EntityManager, viewer: ChatViewer, id: number): Promise<ConversationDto> {
    const [found] = await describeConversations(em, this.deps.presence, viewer, [id])
    if (!found) throw notFound(CHAT_MESSAGES.notFound)
    return found
  }

  /** A page of messages before `before` (a message id), oldest first, and the cursor of the page before it. */
  async messages(em: EntityManager, viewer: ChatViewer, id: number, page: { before?: number; limit: number }) {
    await this.access(em, id, viewer)
    const rows = await em.find(
      Message,
      { conversation: id, ...(page.before ? { id: { $lt: page.before } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1, populate: ['sender'] },
    )
    const items = rows.slice(0, page.limit)
    const nextCursor = rows.length > page.limit ? (items.at(-1)?.id ?? null) : null
    return { items: items.reverse().map(toMessageDto), nextCursor }
  }

  /**
   * Writes a message as the viewer's side; the sender's own read flag is set. The sender's account is checked
   * by the write itself (401 gone, 403 banned), so a socket send needs no read of its own first. The same clientId from the
   * same sender answers the first message (created: false) and publishes nothing again.
   */
  async send(em: EntityManager, viewer: ChatViewer, id: number, request: SendMessageRequest): Promise<{ message: MessageDto; created: boolean }> {
    const written = await writeMessage(em, viewer.userId, id, request)
    if (written.outcome === 'no_sender') throw unauthorized()
    if (written.outcome === 'banned') throw forbidden(BANNED_MESSAGE)
    if (written.outcome === 'no_access') throw notFound(CHAT_MESSAGES.notFound)
    if (written.outcome === 'duplicate') {
      // the first message with this clientId is the answer, unless it belongs to another conversation
      const existing = await this.byClientId(em, viewer.userId, written.clientId)
      if (!existing) throw new Error('a clientId was taken but its message is gone')
      if (existing.conversation.id !== id) throw conflict(CHAT_MESSAGES.clientIdReused, 'client_id_reused')
      return { message: toMessageDto(existing), created: false }
    }
    // the sender as the database has it now (an admin flag revoked since the session began counts)
    const audience = actorAudience(written.viewer, written.role)
    const dto = toMessageDto(written.message)
    const sender = new Set(audience)
    const recipients = written.members.filter((member) => !sender.has(member))
    await this.publishTo([
      { audience: { userIds: recipients }, event: { type: 'new_message', conversationId: id, message: dto } },
      {
        audience: { userIds: audience },
        event: { type: 'message_sent', conversationId: id, message: dto, ...(dto.clientId ? { clientId: dto.clientId } : {}) },
      },
    ])
    return { message: dto, created: true }
  }

  /**
   * The live events of a system line a deal wrote into its conversation (a step taken, a checklist tick) in the
   * step's own statement, in the sender's name and marked `isSystem`: the other members hear it, the sender sees it
   * sent. An admin's line (`fromAdmin`) is Handover Support's (999), as an admin's messages are: the parties hear it,
   * every admin sees it sent. The caller publishes them once it has committed.
   */
  systemMessageDeliveries(
    conversationId: number,
    senderId: number,
    content: string,
    createdAt: Date,
    written: { id: number; buyerId: number; sellerId: number; adminJoined: boolean; senderUsername: string; fromAdmin?: boolean },
  ): Delivery[] {
    const fromAdmin = written.fromAdmin === true
    const dto = toMessageDto({
      id: written.id,
      conversation: { id: conversationId },
      sender: { id: senderId, username: written.senderUsername },
      isFromAdmin: fromAdmin,
      isSystem: true,
      content,
      clientId: null,
      createdAt,
      buyerHasRead: !fromAdmin && written.buyerId === senderId,
      sellerHasRead: !fromAdmin && written.sellerId === senderId,
      adminHasRead: fromAdmin,
    })
    const senders = fromAdmin ? [ADMIN_SENDER_ID, senderId] : [senderId]
    const others = memberIds(written.buyerId, written.sellerId, written.adminJoined).filter((member) => !senders.includes(member))
    const deliveries: Delivery[] = [
      { audience: { userIds: others }, event: { type: 'new_message', conversationId, message: dto } },
      { audience: { userIds: senders }, event: { type: 'message_sent', conversationId, message: dto } },
    ]
    return deliveries.filter((d) => 'all' in d.audience || d.audience.userIds.length > 0)
  }

  /**
   * A system line kept in place rather than added to (a deal's handover checklist: one line saying where it stands,
   * not one per tick), in the caller's transaction. The first write adds it and is heard as any system line is; each
   * later one rewrites it, in the name of its writer, and reaches every member (the writer's other tabs too) as
   * `message_updated`. Answers the live events for the caller to publish once committed.
   */
  async keepSystemLine(tx: EntityManager, line: KeptLine & { senderUsername: string }): Promise<Delivery[]> {
    const content = line.content.slice(0, 4000)
    const kept = await keepLine(tx, { ...line, content })
    if (!kept) return []
    const written = { ...kept, senderUsername: line.senderUsername }
    if (!kept.editedAt) return this.systemMessageDeliveries(line.conversationId, line.senderId, content, kept.createdAt, written)
    const message = toMessageDto({
      id: kept.id,
      conversation: { id: line.conversationId },
      sender: { id: line.senderId, username: line.senderUsername },
      isFromAdmin: false,
      isSystem: true,
      content,
      clientId: null,
      createdAt: kept.createdAt,
      editedAt: kept.editedAt,
      buyerHasRead: kept.buyerHasRead,
      sellerHasRead: kept.sellerHasRead,
      adminHasRead: kept.adminHasRead,
    })
    const members = memberIds(kept.buyerId, kept.sellerId, kept.adminJoined)
    return [{ audience: { userIds: members }, event: { type: 'message_updated', conversationId: line.conversationId, message } }]
  }

  /** Marks every message the viewer's side has not read; tells the members (and the reader's other tabs). */
  async markRead(em: EntityManager, viewer: ChatViewer, id: number): Promise<number> {
    const { conversation, role } = await this.access(em, id, viewer)
    const { column } = READ_FLAG[role]
    const [row] = await em.execute<{ updated: number; newest: number | null }[]>(
      `with marked as (update messages set ${column} = true where conversation_id = ? and not ${column} returning id)
       select count(*)::int as updated, max(id) as newest from marked`,
      [id],
    )
    const updated = row?.updated ?? 0
    if (updated > 0 && row?.newest) {
      const userId = actingId(viewer, role)
      const messageId = Number(row.newest)
      await this.publish(
        [...new Set([...membersOf(conversation), ...actorAudience(viewer, role)])],
        [
          { type: 'messages_read', conversationId: id, userId, userRole: role },
          { type: 'MESSAGE_READ_UPDATE', messageId, userId, userRole: role, conversationId: id },
          { type: 'message_read', conversationId: id, messageId, userId },
        ],
      )
    }
    return updated
  }

  unreadCount(em: EntityManager, viewer: ChatViewer): Promise<number> {
    return unreadTotal(em, viewer)
  }

  /** A typing signal from a socket: only a member (or an admin) of the conversation is heard, by the others. */
  async typing(em: EntityManager, viewer: ChatViewer, id: number, typing: boolean): Promise<boolean> {
    const conversation = await em.findOne(Conversation, { id })
    const role = conversation ? roleIn(conversation, viewer) : null
    if (!conversation || !role) return false
    const userId = actingId(viewer, role)
    const own = new Set(actorAudience(viewer, role))
    const others = membersOf(conversation).filter((member) => !own.has(member))
    await this.publish(others, [{ type: typing ? 'user_typing' : 'user_stopped_typing', conversationId: id, userId }])
    return true
  }

  private byClientId(em: EntityManager, senderId: number, clientId: string): Promise<Message | null> {
    return em.findOne(Message, { sender: senderId, clientId }, { populate: ['sender'] })
  }

  /** The write is committed whatever happens here; a lost live event is caught up by the clients' next fetch. */
  private publish(userIds: number[], events: ServerEvent[]) {
    return this.publishTo(events.map((event) => ({ audience: { userIds }, event })))
  }

  /** All in one bus message: one hop between instances, however many events. */
  private publishTo(deliveries: Delivery[]) {
    return announce(this.deps, 'chat change', { deliveries })
  }
}
