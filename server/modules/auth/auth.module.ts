import type Router from '@koa/router'
import type { Config } from '../../config'
import type { AppState } from '../../http/context'
import type { RateLimits } from '../../http/rate-limit'
import type { Logger } from '../../logger'
import type { Mailer } from '../email/mailer'
import type { LedgerService } from '../ledger/ledger.service'
import type { NotificationService } from '../notifications/notifications.service'
import type { SessionService } from '../sessions/session.store'
import type { SettingsService } from '../settings/settings.service'
import type { UsersService } from '../users/users.service'
import { authRoutes } from './auth.routes'
import { AuthService } from './auth.service'
import { createKnownDevices } from './known-devices'
import { createSignIn } from './sign-in'
import { SignInLocks } from './sign-in-lock'
import { createStepUp, type StepUp } from './step-up'
import { createSealer } from './totp'
import { twoFactorRoutes } from './two-factor.routes'
import { TwoFactorService } from './two-factor.service'
import { webauthnRoutes } from './webauthn.routes'
import { WebAuthnService } from './webauthn.service'

export interface AuthModuleDeps {
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>
  users: UsersService
  ledger: LedgerService
  sessions: SessionService
  settings: SettingsService
  notifications: NotificationService
  mailer: Mailer
  rateLimits: RateLimits
  logger: Logger
}

export interface AuthModule {
  auth: AuthService
  /** failed passwords per account and the sign-in lock they lead to */
  signInLocks: SignInLocks
  /** the fresh second factor that money out, an admin's money decisions and account changes ask for */
  stepUp: StepUp
  /** named, not listed: app.ts mounts the sessions' routes between the sign-in routes and the second factor's */
  routers: { auth: Router<AppState>; twoFactor: Router<AppState>; webauthn: Router<AppState> }
}

/** Sign-up and sign-in with a password, a second factor (TOTP or a passkey), and the locks and device notices around them. */
export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const { config, users, mailer, rateLimits, logger } = deps
  const { publicUrl, sessionSecret: secret } = config
  const signInLocks = new SignInLocks({ rateLimits, mailer, notifications: deps.notifications, logger, publicUrl })
  const auth = new AuthService({
    users,
    ledger: deps.ledger,
    sessions: deps.sessions,
    settings: deps.settings,
    mailer,
    secret,
    publicUrl,
    signInLocks,
  })
  const twoFactor = new TwoFactorService({ sealer: createSealer(secret), secret })
  const stepUp = createStepUp({ twoFactor, rateLimits })
  const devices = createKnownDevices({ mailer, notifications: deps.notifications, logger, publicUrl })
  const signIn = createSignIn({ users, twoFactor, locks: signInLocks, devices })
  const webauthn = new WebAuthnService({ publicUrl, secret, twoFactor, logger })
  return {
    auth,
    signInLocks,
    stepUp,
    routers: {
      auth: authRoutes({ auth, users, rateLimits, signIn, locks: signInLocks }),
      twoFactor: twoFactorRoutes({ twoFactor, signIn, stepUp, rateLimits, locks: signInLocks }),
      webauthn: webauthnRoutes({ webauthn, signIn, stepUp, rateLimits, locks: signInLocks }),
    },
  }
}
