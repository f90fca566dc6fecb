import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { adminSettingsRoutes, siteRoutes } from './settings.routes'
import { SettingsService } from './settings.service'

export interface SettingsModule {
  settings: SettingsService
  /** named, not listed: app.ts mounts the account settings' routes between these two */
  routers: { admin: Router<AppState>; site: Router<AppState> }
}

export function createSettingsModule(): SettingsModule {
  const settings = new SettingsService()
  return { settings, routers: { admin: adminSettingsRoutes({ settings }), site: siteRoutes({ settings }) } }
}
