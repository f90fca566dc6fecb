import Router from '@koa/router'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { requireActiveUser } from '../../../http/access'
import { requireSessionUserId, type AppState } from '../../../http/context'
import { mount } from '../../../http/mount'
import { bodyOf, queryOf } from '../../../http/validation'
import type { StepUp } from '../../auth/step-up'
import type { TrustapOAuth } from './trustap.oauth'

/**
 * /trustap-integration's server side: start the OAuth authorisation (the renderer sends the browser to `url`),
 * finish it from the callback route's code and state, show and remove the connection.
 */
export function trustapRoutes(deps: { oauth: TrustapOAuth; stepUp: StepUp }): Router<AppState> {
  const router = new Router<AppState>()
  const on = paymentsEndpoints
  const { oauth, stepUp } = deps

  mount(router, on.getTrustapOauthStart, async (ctx) => {
    const user = await requireActiveUser(ctx)
    // where payouts go: with two-factor on, only after a fresh second factor (POST /api/auth/2fa/step-up)
    await stepUp.require(ctx, user)
    const { returnTo } = queryOf(ctx, on.getTrustapOauthStart)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { url: await oauth.start(ctx.state.em, user.id, returnTo) }
  })

  mount(router, on.postTrustapOauthCallback, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const { code, state } = bodyOf(ctx, on.postTrustapOauthCallback)
    ctx.body = await oauth.complete(ctx.state.em, user.id, code, state)
  })

  mount(router, on.getTrustapConnection, async (ctx) => {
    ctx.body = await oauth.connection(ctx.state.em, requireSessionUserId(ctx))
  })

  mount(router, on.deleteTrustapConnection, async (ctx) => {
    ctx.body = await oauth.disconnect(ctx.state.em, requireSessionUserId(ctx))
  })

  return router
}
