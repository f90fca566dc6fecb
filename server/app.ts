import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Koa from 'koa'
import type { IncomingMessage } from 'node:http'
import type { Redis } from 'ioredis'
import { ServerResponse } from 'node:http'
import { bodyParser } from '@koa/bodyparser'
import session from 'koa-session'
import serve from 'koa-static'
import type { Config } from './config'
import type { Orm } from './db/orm'
import type { Logger } from './logger'
import { activeUser, actsAsAdmin } from './http/access'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { cookieKeys } from './http/cookie-keys'
import { errorMiddleware, logAppErrors } from './http/error-middleware'
import { sameOriginWrites } from './http/csrf'
import { refuseUnstorableText } from './http/nul-guard'
import { refuseDeepBodies } from './http/body-depth'
import { securityHeaders } from './http/security-headers'
import { mountRouter } from './http/routing'
import type { AppContext, AppState, SessionData } from './http/context'
import type { RateLimits } from './http/rate-limit'
import type { EventBus } from './realtime/bus'
import type { Presence } from './realtime/presence'
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes'
import { API_ROUTES } from './modules/api-docs/api-routes'
import { APP_VERSION } from './modules/diagnostics/build-info'
import { accountSettingsRoutes } from './modules/account-settings/account-settings.routes'
import { AccountSettingsService } from './modules/account-settings/account-settings.service'
import { EmailChangeService } from './modules/account-settings/email-change.service'
import { authRoutes } from './modules/auth/auth.routes'
import { AuthService } from './modules/auth/auth.service'
import { createKnownDevices } from './modules/auth/known-devices'
import { createSignIn } from './modules/auth/sign-in'
import { SignInLocks } from './modules/auth/sign-in-lock'
import { createStepUp } from './modules/auth/step-up'
import { createSealer } from './modules/auth/totp'
import { twoFactorRoutes } from './modules/auth/two-factor.routes'
import { TwoFactorService } from './modules/auth/two-factor.service'
import { webauthnRoutes } from './modules/auth/webauthn.routes'
import { WebAuthnService } from './modules/auth/webauthn.service'
import { emailRoutes } from './modules/email/email.routes'
import type { Mailer } from './modules/email/mailer'
import { healthRoutes } from './modules/health/health.routes'
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes'
import { DiagnosticsService } from './modules/diagnostics/diagnostics.service'
import { imageRoutes } from './modules/images/image.routes'
import { createImageProxy, type ImageProxy } from './modules/images/image-proxy'
import { LedgerService } from './modules/ledger/ledger.service'
import { adminDashboardRoutes } from './modules/admin/admin-dashboard.routes'
import { adminListingsRoutes } from './modules/admin/admin-listings.routes'
import { ListingModerationService } from './modules/moderation/listing-moderation.service'
import { adminListingModerationRoutes, adminUserRoutes } from './modules/moderation/moderation.routes'
import { UserModerationService } from './modules/moderation/user-moderation.service'
import { adminPaymentRoutes } from './modules/admin/admin-payments.routes'
import { conversationRoutes } from './modules/conversations/conversations.routes'
import { supportDeskRoutes } from './modules/conversations/support-desk.routes'
import { ConversationsService } from './modules/conversations/conversations.service'
import { escrowRoutes } from './modules/escrow/escrow.routes'
import { auditRoutes } from './modules/audit/audit.routes'
import { adminBlogRoutes, blogRoutes } from './modules/blog/blog.routes'
import { BlogService } from './modules/blog/blog.service'
import { adminContactRoutes, contactRoutes } from './modules/contact/contact.routes'
import { ContactService } from './modules/contact/contact.service'
import { handoverStepRoutes } from './modules/escrow/handover-steps.routes'
import { createEscrowServices, type EscrowServices } from './modules/escrow/escrow.module'
import { ListingWritesService } from './modules/listings/listing-writes.service'
import { listingsRoutes, statsRoutes } from './modules/listings/listings.routes'
import { ListingsService } from './modules/listings/listings.service'
import { mediaRoutes } from './modules/media/media.routes'
import { createMediaStorage } from './modules/media/create-storage'
import type { MediaStorage } from './modules/media/storage'
import { uploadRoutes } from './modules/media/upload.routes'
import { notificationRoutes } from './modules/notifications/notifications.routes'
import { NotificationService } from './modules/notifications/notifications.service'
import { createPaymentsModule, type PaymentsModule } from './modules/payments/payments.module'
import { adminSettingsRoutes, siteRoutes } from './modules/settings/settings.routes'
import { SettingsService } from './modules/settings/settings.service'
import { createPageRenderer } from './modules/seo/page-renderer'
import { seoRoutes } from './modules/seo/seo.routes'
import { adminReviewRoutes, reviewsRoutes } from './modules/reviews/reviews.routes'
import { ReviewsService } from './modules/reviews/reviews.service'
import { sellersRoutes } from './modules/sellers/sellers.routes'
import { SellersService } from './modules/sellers/sellers.service'
import { createSessionStore, sessionRowId, SessionService } from './modules/sessions/session.store'
import { sessionsRoutes } from './modules/sessions/sessions.routes'
import { SignedInSessionsService } from './modules/sessions/sessions.service'
import { UsersService } from './modules/users/users.service'

export const SESSION_COOKIE = 'handover.sid'

/**
 * Behind TLS the cookie takes the `__Host-` prefix: browsers then accept it only with Secure, Path=/ and no
 * Domain, so no other host of the domain (or a plain-http page) can plant or overwrite a session cookie.
 */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE
}
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface AppDeps {
  config: Config
  orm: Orm
  logger: Logger
  mailer: Mailer
  rateLimits: RateLimits
  /** live events to sockets on every instance */
  bus: EventBus
  /** who is online on any instance (chat shows the other party's state) */
  presence: Presence
  /** built website to serve (dist/web); skipped when absent */
  webRoot?: string
  /** tests inject one with a fake resolver; otherwise the public-addresses-only default */
  imageProxy?: ImageProxy
  /** the instance's Redis client (rate limits), when REDIS_URL is set: GET /api/diagnostic pings it */
  redis?: Redis
}

export interface Services {
  ledger: LedgerService
  users: UsersService
  sessions: SessionService
  auth: AuthService
  /** failed passwords per account and the sign-in lock they lead to */
  signInLocks: SignInLocks
  listings: ListingsService
  media: MediaStorage
  bus: EventBus
  settings: SettingsService
  notifications: NotificationService
  listingWrites: ListingWritesService
  conversations: ConversationsService
  escrow: EscrowServices
  /** deposits, provider checkouts and their confirmation, withdrawals, balance (PAYMENTS_PROVIDER) */
  payments: PaymentsModule
}

export function createServices(deps: Pick<AppDeps, 'config' | 'mailer' | 'bus' | 'logger' | 'presence' | 'rateLimits'>): Services {
  const ledger = new LedgerService()
  const users = new UsersService(ledger)
  const sessions = new SessionService()
  const settings = new SettingsService()
  const notifications = new NotificationService(deps.bus, deps.logger)
  const signInLocks = new SignInLocks({
    rateLimits: deps.rateLimits,
    mailer: deps.mailer,
    notifications,
    logger: deps.logger,
    publicUrl: deps.config.publicUrl,
  })
  const auth = new AuthService({
    users,
    ledger,
    sessions,
    settings,
    mailer: deps.mailer,
    secret: deps.config.sessionSecret,
    publicUrl: deps.config.publicUrl,
    signInLocks,
  })
  const listings = new ListingsService()
  const media = createMediaStorage(deps.config.media, deps.logger)
  const listingWrites = new ListingWritesService({ settings, notifications, media, bus: deps.bus, logger: deps.logger })
  const conversations = new ConversationsService({ bus: deps.bus, presence: deps.presence, logger: deps.logger, listings, users })
  // escrow is created below and calls payments for checkouts; payments reach it lazily to fund purchases
  const payments = createPaymentsModule({
    config: deps.config,
    ledger,
    notifications,
    bus: deps.bus,
    logger: deps.logger,
    purchases: () => ({
      payWithProvider: (tx, order) => escrow.steps.payWithProvider(tx, order),
      holdForProviderComplaint: (tx, transactionId) => escrow.system.holdForProviderComplaint(tx, transactionId),
    }),
  })
  const escrow = createEscrowServices({ ledger, settings, notifications, conversations, bus: deps.bus, logger: deps.logger })
  return {
    ledger,
    users,
    sessions,
    auth,
    signInLocks,
    listings,
    media,
    bus: deps.bus,
    settings,
    notifications,
    listingWrites,
    conversations,
    escrow,
    payments,
  }
}

export interface CreatedApp {
  app: Koa<AppState>
  services: Services
  /** reads the session of a raw request (the WebSocket upgrade) exactly as HTTP requests see it */
  /** The signed-in session of a request (a WebSocket upgrade), with its stored id for later re-checks. */
  readSession(req: IncomingMessage): Promise<(SessionData & { sessionKey: string }) | null>
  allowedOrigins(requestOrigin: string): string[]
}

export function createApp(deps: AppDeps): CreatedApp {
  const { config, orm, logger } = deps
  const services = createServices(deps)
  const blog = new BlogService()
  const contact = new ContactService({ mailer: deps.mailer, logger, publicUrl: config.publicUrl })
  const accountSettings = new AccountSettingsService({ ...services, mailer: deps.mailer, logger, publicUrl: config.publicUrl })
  const emailChange = new EmailChangeService({
    users: services.users,
    mailer: deps.mailer,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  })
  const diagnostics = new DiagnosticsService({
    config,
    mailer: deps.mailer,
    provider: services.payments.provider,
    redis: deps.redis,
    webRoot: deps.webRoot,
  })
  const twoFactor = new TwoFactorService({ sealer: createSealer(config.sessionSecret), secret: config.sessionSecret })
  const stepUp = createStepUp({ twoFactor, rateLimits: deps.rateLimits })
  const devices = createKnownDevices({ mailer: deps.mailer, notifications: services.notifications, logger, publicUrl: config.publicUrl })
  const signIn = createSignIn({ users: services.users, twoFactor, locks: services.signInLocks, devices })
  const webauthn = new WebAuthnService({ publicUrl: config.publicUrl, secret: config.sessionSecret, twoFactor, logger })
  const reviews = new ReviewsService({
    deal: (em, viewer, id) => services.escrow.queries.get(em, viewer, id),
    notifications: services.notifications,
    bus: deps.bus,
    logger,
  })
  // behind the proxy X-Forwarded-For ends with the address the proxy saw, which is the only entry it vouches for:
  // one hop, so a client cannot pick its own address (and rate-limit key) by sending the header itself
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? 1 : 0 })
  app.keys = cookieKeys([config.sessionSecret])
  const secureCookies = config.publicUrl.startsWith('https://')
  const sessionCookie = sessionCookieName(config.publicUrl)
  const allowedOrigins = (requestOrigin: string) => [new URL(config.publicUrl).origin, requestOrigin]

  const sessionMiddleware = session(
    {
      key: sessionCookie,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      signed: true,
      rolling: false,
      renew: true,
      store: createSessionStore(() => orm.em.fork(), { walletPaths: [authEndpoints.getAuthMe.path] }),
    },
    app as unknown as Parameters<typeof session>[1],
  )

  logAppErrors(app as unknown as Koa<never, never>, logger)
  app.use(securityHeaders({ publicUrl: config.publicUrl }))
  app.use(errorMiddleware(logger))
  app.use(async (ctx, next) => {
    // the Secure flag follows PUBLIC_URL: TLS ends at the proxy, so the request itself arrives as plain HTTP
    if (secureCookies) ctx.cookies.secure = true
    if (config.instanceName) ctx.set('X-Instance', config.instanceName)
    await next()
  })
  app.use(async (ctx, next) => {
    ctx.state.em = orm.em.fork()
    await next()
  })
  app.use(mountRouter(healthRoutes(), { allowedMethods: false }))
  // beside /healthz, ahead of the session middleware: with the database down it still answers (503), and a
  // session it cannot read only means the public view
  const diagnosticsRouter = diagnosticsRoutes({
    diagnostics,
    viewerIsAdmin: async (ctx) => {
      const session = await readSession(ctx.req)
      return session?.userId ? actsAsAdmin(await activeUser(ctx.state.em, session.userId)) : false
    },
  })
  app.use(mountRouter(diagnosticsRouter))
  app.use(sameOriginWrites(allowedOrigins))
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }))
  app.use(refuseDeepBodies())
  app.use(refuseUnstorableText())
  app.use(sessionMiddleware)
  for (const router of [
    authRoutes({ auth: services.auth, users: services.users, rateLimits: deps.rateLimits, signIn, locks: services.signInLocks }),
    sessionsRoutes({ sessions: new SignedInSessionsService({ bus: deps.bus, logger }) }),
    twoFactorRoutes({ twoFactor, signIn, stepUp, rateLimits: deps.rateLimits, locks: services.signInLocks }),
    webauthnRoutes({ webauthn, signIn, stepUp, rateLimits: deps.rateLimits, locks: services.signInLocks }),
    emailRoutes({ mailer: deps.mailer, diagnostics }),
    listingsRoutes({ listings: services.listings, writes: services.listingWrites }),
    statsRoutes({ listings: services.listings }),
    sellersRoutes({ sellers: new SellersService({ ratings: (em, ids) => reviews.ratings(em, ids) }) }),
    imageRoutes({ proxy: deps.imageProxy ?? createImageProxy(), rateLimits: deps.rateLimits }),
    notificationRoutes({ notifications: services.notifications }),
    uploadRoutes({ media: services.media, rateLimits: deps.rateLimits }),
    mediaRoutes({ media: services.media }),
    adminListingsRoutes({ writes: services.listingWrites }),
    adminUserRoutes({
      users: new UserModerationService({
        sessions: services.sessions,
        ledger: services.ledger,
        notifications: services.notifications,
        bus: deps.bus,
        logger,
        holdDealsOf: (tx, sellerId) => services.escrow.system.holdDealsOfBannedSeller(tx, sellerId),
      }),
    }),
    adminListingModerationRoutes({ listings: new ListingModerationService({ notifications: services.notifications, bus: deps.bus, logger }) }),
    adminPaymentRoutes({ payments: services.payments.payments, stepUp }),
    conversationRoutes({ conversations: services.conversations, rateLimits: deps.rateLimits }),
    supportDeskRoutes({ conversations: services.conversations }),
    adminDashboardRoutes({ escrow: services.escrow, conversations: services.conversations }),
    handoverStepRoutes(),
    auditRoutes(),
    blogRoutes({ blog }),
    adminBlogRoutes({ blog }),
    contactRoutes({ contact, rateLimits: deps.rateLimits }),
    adminContactRoutes({ contact }),
    adminSettingsRoutes({ settings: services.settings }),
    accountSettingsRoutes({ account: accountSettings, email: emailChange, rateLimits: deps.rateLimits, stepUp, locks: services.signInLocks }),
    siteRoutes({ settings: services.settings }),
    apiDocsRoutes({ routes: API_ROUTES, version: APP_VERSION, sessionCookie }),
    // before escrow's /:id/:step, which would take /{id}/review for a step
    reviewsRoutes({ reviews, announce: { bus: deps.bus, logger } }),
    adminReviewRoutes({ reviews }),
    escrowRoutes({
      escrow: services.escrow,
      checkout: (em, input) => services.payments.payments.createPurchaseCheckout(em, input),
      stepUp,
      announce: { bus: deps.bus, logger },
    }),
    ...services.payments.routers({ stepUp }),
  ]) {
    app.use(mountRouter(router))
  }
  const seo = seoRoutes({ publicUrl: config.publicUrl, blog })
  app.use(seo.routes()).use(seo.allowedMethods())
  if (deps.webRoot && existsSync(join(deps.webRoot, 'index.html'))) {
    const renderPage = createPageRenderer({ root: deps.webRoot, publicUrl: config.publicUrl, listings: services.listings, blog, logger })
    serveWebsite(app, deps.webRoot, renderPage)
  }

  async function readSession(req: IncomingMessage): Promise<(SessionData & { sessionKey: string }) | null> {
    const ctx = app.createContext(req, new ServerResponse(req))
    let data: (SessionData & { sessionKey: string }) | null = null
    await sessionMiddleware(ctx, async () => {
      const s = ctx.session as SessionData | null
      // with an external store the signed cookie holds the session's key
      const key = ctx.cookies.get(sessionCookie, { signed: true })
      data = s && key && typeof s.userId === 'number' ? { userId: s.userId, isAdmin: Boolean(s.isAdmin), sessionKey: sessionRowId(key) } : null
    })
    return data
  }

  return { app, services, readSession, allowedOrigins }
}

/** The built renderer: assets cached for a year (hashed names), every other page gets index.html with its own head tags. */
function serveWebsite(app: Koa<AppState>, root: string, renderPage: (ctx: AppContext) => Promise<void>) {
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
    await next()
  })
  app.use(serve(root, { index: false, gzip: false, brotli: false }))
  app.use(async (ctx, next) => {
    await next()
    if (ctx.body !== undefined || ctx.status !== 404) return
    if (!['GET', 'HEAD'].includes(ctx.method) || ctx.path.startsWith('/api') || ctx.path.startsWith('/ws')) return
    // a missing file (/sounds/x.mp3, an old asset) is a 404, not the app's HTML; a mistyped id (/transaction/3.5) is a page
    if (/\.[a-z][a-z0-9]*$/i.test(ctx.path)) return
    await renderPage(ctx)
  })
}
