import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Koa from 'koa'
import type { IncomingMessage } from 'node:http'
import type { Redis } from 'ioredis'
import { ServerResponse } from 'node:http'
import { bodyParser } from '@koa/bodyparser'
import session from 'koa-session'
import serve from 'koa-static'
import compress from 'koa-compress'
import { constants as zlib } from 'node:zlib'
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
import { inProcessApi } from './modules/seo/server-render'
import type { EventBus } from './realtime/bus'
import type { Presence } from './realtime/presence'
import { createAccountSettingsModule } from './modules/account-settings/account-settings.module'
import { createAdminModule } from './modules/admin/admin.module'
import { createApiDocsModule } from './modules/api-docs/api-docs.module'
import { createAuditModule } from './modules/audit/audit.module'
import type { AuthService } from './modules/auth/auth.service'
import { createAuthModule } from './modules/auth/auth.module'
import type { SignInLocks } from './modules/auth/sign-in-lock'
import { createBlogModule } from './modules/blog/blog.module'
import { createContactModule } from './modules/contact/contact.module'
import { createConversationsModule } from './modules/conversations/conversations.module'
import type { ConversationsService } from './modules/conversations/conversations.service'
import { createDiagnosticsModule } from './modules/diagnostics/diagnostics.module'
import { createEmailModule } from './modules/email/email.module'
import type { Mailer } from './modules/email/mailer'
import { createTransactionsModule, type TransactionsModule } from './modules/transactions/transactions.module'
import { createHealthModule } from './modules/health/health.module'
import { createImagesModule } from './modules/images/images.module'
import type { ImageProxy } from './modules/images/image-proxy'
import { LedgerService } from './modules/ledger/ledger.service'
import type { ListingWritesService } from './modules/listings/listing-writes.service'
import { createListingsModule } from './modules/listings/listings.module'
import type { ListingsService } from './modules/listings/listings.service'
import { createMediaModule } from './modules/media/media.module'
import type { MediaStorage } from './modules/media/storage'
import { createModerationModule } from './modules/moderation/moderation.module'
import { createNotificationsModule } from './modules/notifications/notifications.module'
import type { NotificationService } from './modules/notifications/notifications.service'
import { createPaymentsModule, type PaymentsModule } from './modules/payments/payments.module'
import { createReviewsModule } from './modules/reviews/reviews.module'
import { createSellersModule } from './modules/sellers/sellers.module'
import { createSeoModule } from './modules/seo/seo.module'
import { createSessionStore, sessionRowId, type SessionService } from './modules/sessions/session.store'
import { createSessionsModule } from './modules/sessions/sessions.module'
import { createSettingsModule } from './modules/settings/settings.module'
import type { SettingsService } from './modules/settings/settings.service'
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
  transactions: TransactionsModule
  /** deposits, provider checkouts and their confirmation, withdrawals, balance (PAYMENTS_PROVIDER) */
  payments: PaymentsModule
}

type ModuleDeps = Omit<AppDeps, 'orm'>
type Modules = ReturnType<typeof createModules>

/** Every module, each built from the services of the ones before it. */
function createModules(deps: ModuleDeps) {
  const { config, mailer, bus, logger, presence, rateLimits } = deps
  const ledger = new LedgerService()
  const users = new UsersService(ledger)
  const sessions = createSessionsModule({ bus, logger })
  const settings = createSettingsModule()
  const notifications = createNotificationsModule({ bus, logger })
  // what most modules build on
  const core = {
    ledger,
    users,
    sessions: sessions.sessions,
    settings: settings.settings,
    notifications: notifications.notifications,
    mailer,
    bus,
    logger,
  }
  const auth = createAuthModule({ ...core, config, rateLimits })
  const media = createMediaModule({ config, logger, rateLimits })
  const listings = createListingsModule({ ...core, media: media.storage })
  const conversations = createConversationsModule({ bus, presence, logger, listings: listings.listings, users, rateLimits })
  // transactions are created below and calls payments for checkouts; payments reach it lazily to fund purchases
  const payments = createPaymentsModule({
    ...core,
    config,
    purchases: () => ({
      payWithProvider: (tx, order) => transactions.steps.payWithProvider(tx, order),
      holdForProviderComplaint: (tx, transactionId) => transactions.system.holdForProviderComplaint(tx, transactionId),
    }),
  })
  const transactions = createTransactionsModule({
    ...core,
    conversations: conversations.conversations,
    checkout: (em, input) => payments.payments.createPurchaseCheckout(em, input),
    refundPayment: (tx, input) => payments.payments.refundDealPayment(tx, input),
    stepUp: auth.stepUp,
  })
  const reviews = createReviewsModule({ ...core, deal: (em, viewer, id) => transactions.queries.get(em, viewer, id) })
  const blog = createBlogModule()
  const diagnostics = createDiagnosticsModule({ config, mailer, provider: payments.provider, redis: deps.redis, webRoot: deps.webRoot })
  return {
    ledger,
    users,
    bus,
    sessions,
    settings,
    notifications,
    auth,
    media,
    listings,
    conversations,
    payments,
    transactions,
    reviews,
    blog,
    diagnostics,
    sellers: createSellersModule({ ratings: (em, ids) => reviews.reviews.ratings(em, ids) }),
    images: createImagesModule(deps),
    moderation: createModerationModule({ ...core, holdDealsOf: (tx, sellerId) => transactions.system.holdDealsOfBannedSeller(tx, sellerId) }),
    admin: createAdminModule({
      listingWrites: listings.writes,
      payments: payments.payments,
      transactions,
      conversations: conversations.conversations,
      stepUp: auth.stepUp,
    }),
    contact: createContactModule({ config, mailer, logger, rateLimits }),
    accountSettings: createAccountSettingsModule({
      ...core,
      config,
      media: media.storage,
      rateLimits,
      stepUp: auth.stepUp,
      signInLocks: auth.signInLocks,
    }),
    email: createEmailModule({ mailer, diagnostics: diagnostics.diagnostics }),
    health: createHealthModule(),
    audit: createAuditModule(),
    apiDocs: createApiDocsModule({ sessionCookie: sessionCookieName(config.publicUrl) }),
    seo: createSeoModule({ config, blog: blog.blog, listings: listings.listings, logger }),
  }
}

/** The services the rest of the server reaches (boot tasks, the seed, tests), taken from the modules. */
function servicesOf(m: Modules): Services {
  return {
    ledger: m.ledger,
    users: m.users,
    sessions: m.sessions.sessions,
    auth: m.auth.auth,
    signInLocks: m.auth.signInLocks,
    listings: m.listings.listings,
    media: m.media.storage,
    bus: m.bus,
    settings: m.settings.settings,
    notifications: m.notifications.notifications,
    listingWrites: m.listings.writes,
    conversations: m.conversations.conversations,
    transactions: m.transactions,
    payments: m.payments,
  }
}

export function createServices(deps: Pick<AppDeps, 'config' | 'mailer' | 'bus' | 'logger' | 'presence' | 'rateLimits'>): Services {
  return servicesOf(createModules(deps))
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
  const modules = createModules(deps)
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
  // text answers (pages, scripts, styles, JSON) compressed when the client takes it, so a phone on a slow network gets
  // a third of the bytes with or without a proxy in front; brotli at a quality cheap enough to run per request
  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } }))
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
  app.use(mountRouter(modules.health.router, { allowedMethods: false }))
  // beside /healthz, ahead of the session middleware: with the database down it still answers (503), and a
  // session it cannot read only means the public view
  const diagnosticsRouter = modules.diagnostics.router({
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
  // one list across the modules, router by router: where two routers' paths overlap, the first mounted answers
  for (const router of [
    modules.auth.routers.auth,
    modules.sessions.router,
    modules.auth.routers.twoFactor,
    modules.auth.routers.webauthn,
    modules.email.router,
    modules.listings.routers.listings,
    modules.listings.routers.stats,
    modules.sellers.router,
    modules.images.router,
    modules.notifications.router,
    modules.media.routers.upload,
    modules.media.routers.media,
    modules.admin.routers.listings,
    modules.moderation.routers.users,
    modules.moderation.routers.listings,
    modules.admin.routers.payments,
    modules.conversations.routers.conversations,
    modules.conversations.routers.supportDesk,
    modules.admin.routers.dashboard,
    modules.transactions.routers.handoverSteps,
    modules.audit.router,
    modules.blog.routers.blog,
    modules.blog.routers.admin,
    modules.contact.routers.contact,
    modules.contact.routers.admin,
    modules.settings.routers.admin,
    modules.accountSettings.router,
    modules.settings.routers.site,
    modules.apiDocs.router,
    // before the deals' /:id/:step, which would take /{id}/review for a step
    modules.reviews.routers.reviews,
    modules.reviews.routers.admin,
    modules.transactions.routers.deals,
    ...modules.payments.routers({ stepUp: modules.auth.stepUp }),
  ]) {
    app.use(mountRouter(router))
  }
  app.use(modules.seo.router.routes()).use(modules.seo.router.allowedMethods())
  if (deps.webRoot && existsSync(join(deps.webRoot, 'index.html'))) {
    // composed on first use, once every middleware is in
    let handler: ReturnType<typeof app.callback> | undefined
    const api = inProcessApi(() => (handler ??= app.callback()))
    serveWebsite(app, deps.webRoot, modules.seo.pageRenderer(deps.webRoot, api))
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

  return { app, services: servicesOf(modules), readSession, allowedOrigins }
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
