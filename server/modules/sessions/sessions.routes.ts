import Router from '@koa/router'
import { SESSION_MESSAGES, sessionIdSchema } from '@shared/api/sessions'
import { sessionsEndpoints } from '@shared/api/endpoints/sessions'
import { requireActiveUser } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { notFound, unauthorized } from '../../http/errors'
import { sessionRowId } from './session.store'
import type { SignedInSessionsService } from './sessions.service'

export interface SessionsRoutesDeps {
  sessions: SignedInSessionsService
}

/** The stored id of the session making the request. */
function currentSessionId(ctx: AppContext): string {
  const key = ctx.session?.externalKey
  if (!key) throw unauthorized()
  return sessionRowId(key)
}

/** /api/auth/sessions: the signed-in user's own sessions ("Where you're signed in" in the settings). */
export function sessionsRoutes(deps: SessionsRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = sessionsEndpoints
  const { sessions } = deps

  mount(router, on.getAuthSessions, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = await sessions.list(ctx.state.em, user.id, currentSessionId(ctx))
  })

  mount(router, on.postAuthSessionsSignOutOthers, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = { ended: await sessions.endOthers(ctx.state.em, user.id, currentSessionId(ctx)) }
  })

  mount(router, on.deleteAuthSessionsById, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const current = currentSessionId(ctx)
    // a malformed id is as unknown as someone else's: the answer never tells them apart
    const id = sessionIdSchema.safeParse(ctx.params.id)
    const ended = id.success ? await sessions.end(ctx.state.em, user.id, id.data) : null
    if (ended === null) throw notFound(SESSION_MESSAGES.notFound)
    // this browser's own: signed out here too, its cookie cleared
    if (ended === current) ctx.session = null
    ctx.status = 204
  })

  return router
}
