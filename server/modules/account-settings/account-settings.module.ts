import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import type { SignInLocks } from '../auth/sign-in-lock'
import type { StepUp } from '../auth/step-up'
import type { UsersService } from '../users/users.service'
import { accountSettingsRoutes } from './account-settings.routes'
import { AccountSettingsService, type AccountSettingsDeps } from './account-settings.service'
import { EmailChangeService } from './email-change.service'

export interface AccountSettingsModuleDeps extends Omit<AccountSettingsDeps, 'publicUrl'> {
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>
  users: UsersService
  rateLimits: RateLimits
  stepUp: StepUp
  signInLocks: SignInLocks
}

export interface AccountSettingsModule {
  account: AccountSettingsService
  /** a new email address, confirmed by a code sent to it */
  emailChange: EmailChangeService
  router: Router<AppState>
}

export function createAccountSettingsModule(deps: AccountSettingsModuleDeps): AccountSettingsModule {
  const { config, mailer, rateLimits, stepUp } = deps
  const account = new AccountSettingsService({
    sessions: deps.sessions,
    ledger: deps.ledger,
    notifications: deps.notifications,
    media: deps.media,
    mailer,
    bus: deps.bus,
    logger: deps.logger,
    publicUrl: config.publicUrl,
  })
  const emailChange = new EmailChangeService({ users: deps.users, mailer, secret: config.sessionSecret, publicUrl: config.publicUrl })
  return {
    account,
    emailChange,
    router: accountSettingsRoutes({ account, email: emailChange, rateLimits, stepUp, locks: deps.signInLocks }),
  }
}
