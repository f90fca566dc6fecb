import type { Logger } from '../logger'
import type { EventBus } from './bus'
import { sendEvent, type Connection, type ConnectionRegistry } from './connections'
import type { Presence } from './presence'

interface TrackerDeps {
  presence: Presence
  bus: EventBus
  logger: Logger
  connections: ConnectionRegistry
}

/**
 * Turns sockets authenticating and closing into presence changes and user_online / user_offline events.
 * Work for one socket runs in order, so a quick close never overtakes the join it undoes.
 */
export function createPresenceTracker({ presence, bus, logger, connections }: TrackerDeps) {
  const chains = new WeakMap<Connection, Promise<void>>()
  const pending = new Set<Promise<void>>()

  function enqueue(connection: Connection, task: () => Promise<void>) {
    const previous = chains.get(connection) ?? Promise.resolve()
    const next = previous.then(task).catch((err: unknown) => logger.error({ err, userId: connection.session.userId }, 'presence update failed'))
    chains.set(connection, next)
    pending.add(next)
    void next.finally(() => pending.delete(next))
  }

  return {
    /** The socket authenticated as `added` (ids it did not have yet): announce them and send the roster. */
    join(connection: Connection, added: number[]) {
      enqueue(connection, async () => {
        for (const userId of added) {
          if (await presence.add(userId)) await bus.publish({ all: true }, { type: 'user_online', userId })
        }
        // Only if the socket is still registered: a list for a closed socket would be wasted work.
        if (connections.has(connection)) {
          sendEvent(connection, { type: 'online_users_list', userIds: await presence.list() })
        }
      })
    },

    /** The socket closed; it was authenticated as `keys`. */
    leave(connection: Connection, keys: number[]) {
      if (keys.length === 0) return
      enqueue(connection, async () => {
        for (const userId of keys) {
          if (await presence.remove(userId)) await bus.publish({ all: true }, { type: 'user_offline', userId })
        }
      })
    },

    /** Resolves once every queued presence change has finished. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
  }
}
