import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import type { Logger } from '../../logger'
import type { Mailer } from '../email/mailer'
import { adminContactRoutes, contactRoutes } from './contact.routes'
import { ContactService } from './contact.service'

export interface ContactModuleDeps {
  config: Pick<Config, 'publicUrl'>
  mailer: Mailer
  logger: Logger
  rateLimits: RateLimits
}

export interface ContactModule {
  contact: ContactService
  routers: { contact: Router<AppState>; admin: Router<AppState> }
}

export function createContactModule(deps: ContactModuleDeps): ContactModule {
  const contact = new ContactService({ mailer: deps.mailer, logger: deps.logger, publicUrl: deps.config.publicUrl })
  return { contact, routers: { contact: contactRoutes({ contact, rateLimits: deps.rateLimits }), admin: adminContactRoutes({ contact }) } }
}
