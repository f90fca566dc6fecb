import { clientMessageSchema, type ClientMessage, type ServerEvent } from '@shared/realtime/events'
import type { Logger } from '../logger'
import type { SessionIdentity } from './types'

/** Messages the gateway answers itself; every other type belongs to a module that registers a handler. */
type GatewayMessageType = 'ping' | 'authenticate'
export type ModuleClientMessage = Exclude<ClientMessage, { type: GatewayMessageType }>
export type ModuleClientMessageType = ModuleClientMessage['type']

export interface ClientMessageContext {
  session: SessionIdentity
  /** Ids the socket authenticated as: the user's own id, or 999 and the admin's real id. */
  userIds: readonly number[]
  /** Replies on this socket only; events for others go through the event bus. */
  send(event: ServerEvent): void
  /** The same object for every message of one socket, and nothing else: a key for per-socket state. */
  socketKey: object
}

export type ClientMessageHandler<T extends ModuleClientMessageType> = (
  message: Extract<ModuleClientMessage, { type: T }>,
  context: ClientMessageContext,
) => void | Promise<void>

type AnyHandler = (message: ModuleClientMessage, context: ClientMessageContext) => void | Promise<void>

/** Parses a text frame; anything that is not a known client message is null and gets no answer. */
export function parseClientMessage(text: string): ClientMessage | null {
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Lets later modules (chat typing, read receipts) handle their own messages without editing the gateway. */
export function createClientMessageRegistry(logger: Logger) {
  const handlers = new Map<ModuleClientMessageType, Set<AnyHandler>>()

  return {
    on<T extends ModuleClientMessageType>(type: T, handler: ClientMessageHandler<T>): () => void {
      // The map is keyed by type and dispatch looks up by message.type, so the message always matches T.
      const wrapped: AnyHandler = (message, context) => handler(message as Extract<ModuleClientMessage, { type: T }>, context)
      const set = handlers.get(type) ?? new Set<AnyHandler>()
      set.add(wrapped)
      handlers.set(type, set)
      return () => {
        set.delete(wrapped)
      }
    },

    /** Runs the handlers of the message's type; their failures are logged, never sent to the socket. */
    dispatch(message: ModuleClientMessage, context: ClientMessageContext): void {
      for (const handler of handlers.get(message.type) ?? []) {
        Promise.resolve()
          .then(() => handler(message, context))
          .catch((err: unknown) => logger.error({ err, messageType: message.type }, 'realtime message handler failed'))
      }
    },
  }
}
