import type { EventBus } from './bus'
import { SESSION_ENDED, type Gateway } from './gateway'

/**
 * Closes a user's sockets on this instance when the bus carries their `session_ended` (a ban, a deleted account,
 * a changed password, a session signed out from the list of sessions), with the same 4001 a signed-out session gets
 * at the heartbeat, but at once. Every instance subscribes, so the sockets close wherever they are. Subscribed after
 * the gateway, so the event itself reaches the sockets first. Sockets of the sessions the audience excepts (the one
 * that changed the password), or does not name when it names some (the ones signed out), stay open.
 */
export function closeEndedSessions(gateway: Pick<Gateway, 'disconnectUser'>, bus: EventBus): () => void {
  return bus.subscribe((audience, event) => {
    if (event.type !== 'session_ended' || !('userIds' in audience)) return
    for (const userId of audience.userIds) gateway.disconnectUser(userId, SESSION_ENDED, `session ended: ${event.reason}`, audience)
  })
}
