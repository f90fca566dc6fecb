import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { emailRoutes, type EmailRoutesDeps } from './email.routes'

/** The admins' outbox and the email check; the mailer itself is one of the app's dependencies. */
export function createEmailModule(deps: EmailRoutesDeps): { router: Router<AppState> } {
  return { router: emailRoutes({ mailer: deps.mailer, diagnostics: deps.diagnostics }) }
}
