import type { Logger } from '../../logger'
import type { Delivery, EventBus } from '../../realtime/bus'

/**
 * After the commit, in one message on the bus: a step's live events, its chat line and its stored notifications.
 * Never throws: the step is stored, and a lost event is caught up by the clients' next fetch.
 */
export async function announce(deps: { bus: EventBus; logger: Logger }, deliveries: Delivery[]): Promise<void> {
  if (deliveries.length === 0) return
  try {
    await deps.bus.publishMany(deliveries)
  } catch (err) {
    deps.logger.warn({ err, types: deliveries.map((d) => d.event.type) }, 'escrow step committed but its live events were not published')
  }
}
