import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { auditRoutes } from './audit.routes'

/** Only the admins' view of the audit log: other modules record to it through recordAudit in their own transactions. */
export function createAuditModule(): { router: Router<AppState> } {
  return { router: auditRoutes() }
}
