import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { Redis } from 'ioredis'
import { createApp, type CreatedApp } from './app'
import type { Config } from './config'
import { EMBEDDED_POOL_SIZE, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded'
import { runStatementsUnnamed } from './db/prepared'
import { openDatabase, underStartupLock, type Orm } from './db/orm'
import { ensureAdmin, seedDemo } from './db/seed'
import type { Logger } from './logger'
import { createRateLimits } from './http/rate-limit'
import { createMailer } from './modules/email/mailer'
import { createMediaStorage } from './modules/media/create-storage'
import { createLocalBus, createRedisBus, type EventBus } from './realtime/bus'
import { attachGateway, SERVICE_RESTART } from './realtime/gateway'
import { closeEndedSessions } from './realtime/session-end'
import { firstAttempt } from './realtime/redis'
import { registerChatMessages } from './modules/conversations/conversations.realtime'
import { createLocalPresence, createRedisPresence, type Presence } from './realtime/presence'

const SESSION_PURGE_MS = 60 * 60 * 1000
const ESCROW_SWEEP_MS = 15_000
/** how soon after crossing the payment monitor's threshold a stuck order alerts the admins */
const STUCK_PAYMENT_SWEEP_MS = 15_000

export interface RunningServer {
  url: string
  port: number
  http: Server
  orm: Orm
  bus: EventBus
  created: CreatedApp
  close(): Promise<void>
}

export interface StartOptions {
  logger: Logger
  /** overrides REDIS_PREFIX for tests, so parallel test files never share limits */
  keyPrefix?: string
  webRoot?: string
  /** WebSocket heartbeat and session re-check interval (30 s); tests shorten it */
  wsHeartbeatMs?: number
}

/**
 * Boots one instance: database (embedded when DATABASE_URL is unset) with migrations, optional Redis,
 * the Koa app and the WebSocket gateway on one port.
 */
/** How long an idle HTTP connection stays open: past nginx's upstream keepalive_timeout of 60 s. */
export const KEEP_ALIVE_MS = 65_000

export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const { logger } = options
  // before anything is opened: a bucket that is not there stops the start with a message, leaving nothing to close
  await createMediaStorage(config.media, logger).ready()
  const embedded: EmbeddedDatabase | undefined = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir)
  if (embedded) logger.info({ dir: resolve(config.dataDir, 'pglite') }, 'embedded PostgreSQL (PGlite) started')
  const orm = await openDatabase(
    config.databaseUrl ?? embedded!.url,
    embedded ? EMBEDDED_POOL_SIZE : config.databasePoolSize,
    (message) => logger.debug(message),
    { soleProcess: Boolean(embedded) },
  )
  if (embedded) runStatementsUnnamed(orm.em)

  const keyPrefix = options.keyPrefix ?? config.redisPrefix
  // commands fail at once while Redis is away (the limits fall back to memory) instead of queueing for a reconnect:
  // a sign-in clearing its count would otherwise wait that long
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false }) : undefined
  // without a listener ioredis prints every failed reconnect; an outage shows in the log and in GET /api/diagnostic
  redis?.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'))
  if (redis && !(await firstAttempt(redis))) {
    // it starts anyway and joins Redis when it answers: no restart, and no instance stuck in a restart loop meanwhile
    logger.warn(
      { redis: `${redis.options.host ?? 'localhost'}:${redis.options.port ?? 6379}` },
      'Redis is unreachable: starting without it. Live events reach only the sockets on this instance, and presence and rate limits are counted here, until it answers; then this instance joins it by itself',
    )
  }
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl, { channel: `${keyPrefix}:events`, logger }) : createLocalBus({ logger })
  const presence: Presence = config.redisUrl
    ? await createRedisPresence(config.redisUrl, { prefix: `${keyPrefix}:presence`, instanceId: randomUUID(), logger })
    : createLocalPresence()
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger })
  if (config.env === 'production' && !config.smtpUrl) {
    // in production nobody reads this terminal for codes: sign-ups and password resets would wait for mail that never leaves
    logger.warn(
      'SMTP_URL is not set: no email will be sent. Verification codes and reset links are only printed to this log and kept for admins at /email/preview. Set SMTP_URL before opening the site.',
    )
  }
  const rateLimits = createRateLimits({ redis, keyPrefix })

  const created = createApp({
    config,
    orm,
    logger,
    mailer,
    rateLimits,
    bus,
    presence,
    webRoot: options.webRoot,
    redis,
  })

  const em = orm.em.fork()
  // demo data first: an ADMIN_USERNAME that is also a demo name (admin) then takes the environment's password.
  // Under the start-up lock, so instances started together seed and make the admin once
  await underStartupLock(
    orm,
    async () => {
      if (config.seedDemo) await seedDemo(em, created.services, logger)
      if (config.admin) await ensureAdmin(em, created.services, config.admin, logger)
    },
    { soleProcess: Boolean(embedded) },
  )

  // expired sessions are refused on read; this only keeps the table from growing forever
  const purge = setInterval(() => {
    created.services.sessions.purgeExpired(orm.em.fork()).catch((err: unknown) => logger.warn({ err }, 'session purge failed'))
  }, SESSION_PURGE_MS)
  purge.unref()
  // unpaid reservations lapse and finished countdowns release funds; deals are locked one by one, so instances
  // sweeping at the same time never move one twice
  const escrowSweep = setInterval(() => {
    created.services.transactions.system.runDue(orm.em.fork()).catch((err: unknown) => logger.warn({ err }, 'escrow sweep failed'))
  }, ESCROW_SWEEP_MS)
  escrowSweep.unref()
  // orders that became stuck alert the admins once each; instances sweeping together split the orders between them
  const stuckPaymentSweep = setInterval(() => {
    created.services.payments.alertStuckPayments(orm.em.fork()).catch((err: unknown) => logger.warn({ err }, 'stuck payment sweep failed'))
  }, STUCK_PAYMENT_SWEEP_MS)
  stuckPaymentSweep.unref()

  const http = createServer(created.app.callback())
  // An idle connection stays open longer than the proxy in front keeps it (nginx's upstream keepalive_timeout is 60 s):
  // with Node's 5 s, a proxy or client could send its next request just as the instance closed the connection, and
  // read a reset instead of an answer (seen in tests on a busy machine). The headers' limit must exceed it.
  http.keepAliveTimeout = KEEP_ALIVE_MS
  http.headersTimeout = KEEP_ALIVE_MS + 1000
  const sockets = new Set<Socket>()
  http.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  const gateway = attachGateway({
    server: http,
    path: '/ws',
    allowedOrigins: (req) => created.allowedOrigins(`http://${req.headers.host ?? ''}`).concat(`https://${req.headers.host ?? ''}`),
    resolveSession: async (req) => {
      const s = await created.readSession(req)
      return s?.userId ? { userId: s.userId, isAdmin: Boolean(s.isAdmin), sessionKey: s.sessionKey } : null
    },
    sessionsStillValid: (sessions) => created.services.sessions.stillValid(orm.em.fork(), sessions),
    bus,
    presence,
    logger,
    heartbeatMs: options.wsHeartbeatMs,
    upgradeHeaders: config.instanceName ? { 'X-Instance': config.instanceName } : undefined,
  })
  registerChatMessages(gateway, { orm, conversations: created.services.conversations, rateLimits })
  // a ban or a deleted account closes the user's sockets on every instance at once
  closeEndedSessions(gateway, bus)
  // events published while Redis was away are lost: the clients reconnect (1012) and catch up, as after any
  // reconnect, and their presence is announced afresh
  bus.onReconnect?.(() => gateway.disconnectAll(SERVICE_RESTART, 'live events were interrupted'))

  await new Promise<void>((ok, fail) => {
    http.once('error', fail)
    http.listen(config.port, config.host, () => ok())
  })
  const port = (http.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`

  let closing: Promise<void> | undefined
  async function close() {
    closing ??= (async () => {
      // stop accepting, let in-flight requests finish, then close sockets, bus and database
      clearInterval(purge)
      clearInterval(escrowSweep)
      clearInterval(stuckPaymentSweep)
      // a connection whose request is still running closes as soon as it is answered, not KEEP_ALIVE_MS later
      http.keepAliveTimeout = 1
      const drained = new Promise<void>((ok) => http.close(() => ok()))
      http.closeIdleConnections()
      await gateway.close()
      const deadline = setTimeout(() => sockets.forEach((s) => s.destroy()), 10_000)
      await drained
      clearTimeout(deadline)
      await bus.close()
      await presence.close()
      redis?.disconnect()
      mailer.close()
      await orm.close()
      await embedded?.stop()
    })()
    return closing
  }

  return { url, port, http, orm, bus, created, close }
}
