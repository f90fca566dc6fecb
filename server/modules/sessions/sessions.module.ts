import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import { SessionService } from './session.store'
import { sessionsRoutes } from './sessions.routes'
import { SignedInSessionsService } from './sessions.service'

export interface SessionsModule {
  /** the stored sessions: purged when expired, re-checked for open sockets, ended by a ban or a new password */
  sessions: SessionService
  /** the signed-in user's own list of sessions, each of which they can end */
  router: Router<AppState>
}

export function createSessionsModule(deps: { bus: EventBus; logger: Logger }): SessionsModule {
  return {
    sessions: new SessionService(),
    router: sessionsRoutes({ sessions: new SignedInSessionsService({ bus: deps.bus, logger: deps.logger }) }),
  }
}
