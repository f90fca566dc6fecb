import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { healthRoutes } from './health.routes'

export function createHealthModule(): { router: Router<AppState> } {
  return { router: healthRoutes() }
}
