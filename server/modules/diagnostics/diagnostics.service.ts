import type { EntityManager } from '@mikro-orm/postgresql'
import type { Redis } from 'ioredis'
import {
  CRYPTO_PRIMITIVES,
  type DiagnosticComponent,
  type DiagnosticPart,
  type DiagnosticReport,
  type DiagnosticStatus,
} from '@shared/api/diagnostics'
import type { Config } from '../../config'
import type { Mailer } from '../email/mailer'
import type { PaymentProvider } from '../payments/payment-provider'
import { APP_VERSION, readBuildId } from './build-info'
import { CRYPTO_CHECKS } from './crypto-self-test'
import { CHECK_LIMITS, runCheck, worstStatus, type CheckLimits, type CheckOutcome } from './run-check'

export interface DiagnosticsDeps {
  config: Pick<Config, 'databaseUrl' | 'paymentsProvider'>
  mailer: Mailer
  provider: PaymentProvider
  /** the instance's Redis client, when REDIS_URL is set */
  redis?: Redis
  webRoot?: string
  limits?: CheckLimits
  /** how long visitors are answered from the last run (admins always get a fresh one) */
  publicCacheMs?: number
}

const PUBLIC_CACHE_MS = 10_000

/** Where the database is, without credentials: an admin's answer names it. */
function databaseLabel(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'embedded PGlite'
  const url = new URL(databaseUrl)
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`
}

/**
 * The checks behind GET /api/diagnostic and /api/email/diagnostic, each with a deadline. Visitors share one run for
 * a few seconds, so polling the public endpoint cannot turn into a stream of SMTP logins and provider calls.
 */
export class DiagnosticsService {
  private shared: { startedAt: number; report: Promise<DiagnosticReport> } | undefined

  constructor(private readonly deps: DiagnosticsDeps) {}

  private get limits(): CheckLimits {
    return this.deps.limits ?? CHECK_LIMITS
  }

  /** A run started at most `publicCacheMs` ago, or a new one. */
  cachedReport(em: EntityManager): Promise<DiagnosticReport> {
    const now = Date.now()
    if (!this.shared || now - this.shared.startedAt >= (this.deps.publicCacheMs ?? PUBLIC_CACHE_MS)) {
      this.shared = { startedAt: now, report: this.freshReport(em) }
    }
    return this.shared.report
  }

  async freshReport(em: EntityManager): Promise<DiagnosticReport> {
    const { redis } = this.deps
    const [database, redisCheck, email, payments, crypto, build] = await Promise.all([
      this.checkDatabase(em),
      redis ? this.checkRedis(redis) : undefined,
      this.checkEmail(em),
      runCheck((signal) => this.deps.provider.checkAvailability(em, signal), this.limits),
      this.checkCrypto(),
      readBuildId(this.deps.webRoot),
    ])
    const components: DiagnosticComponent[] = [
      { name: 'database', required: true, ...database },
      // only where REDIS_URL is set; then sign-in (rate limits) and live events depend on it
      ...(redisCheck ? [{ name: 'redis' as const, required: false, ...redisCheck }] : []),
      { name: 'email', required: false, ...email },
      { name: 'payments', required: false, ...payments },
      crypto,
    ]
    return {
      status: overallStatus(components),
      checkedAt: new Date().toISOString(),
      components,
      cryptoPayments: this.deps.provider.methods.includes('crypto'),
      details: { provider: this.deps.provider.name, version: APP_VERSION, build, node: process.version },
    }
  }

  /** The mail transport: SMTP verify when SMTP_URL is set, else the outbox table. */
  checkEmail(em: EntityManager): Promise<CheckOutcome> {
    return runCheck(async () => {
      const result = await this.deps.mailer.check(em)
      if (!result.ok) throw new Error(result.message)
      return result.message
    }, this.limits)
  }

  private checkDatabase(em: EntityManager): Promise<CheckOutcome> {
    return runCheck(async () => {
      const [row] = await em.getConnection().execute<{ version: string }[]>("select current_setting('server_version') as version")
      return `PostgreSQL ${row?.version ?? '(unknown version)'} at ${databaseLabel(this.deps.config.databaseUrl)}`
    }, this.limits)
  }

  private checkRedis(redis: Redis): Promise<CheckOutcome> {
    return runCheck(async () => {
      const answer = await redis.ping()
      if (answer !== 'PONG') throw new Error(`PING answered ${answer}`)
      return `PONG from ${redis.options.host ?? 'localhost'}:${redis.options.port ?? 6379}`
    }, this.limits)
  }

  /**
   * One component, with a part per primitive; any part down takes it down, since sign-in depends on all of them.
   * The parts run one after another: they are CPU work, and each gets its own time.
   */
  private async checkCrypto(): Promise<DiagnosticComponent> {
    const parts: DiagnosticPart[] = []
    for (const name of CRYPTO_PRIMITIVES) parts.push({ name, ...(await runCheck(CRYPTO_CHECKS[name], this.limits)) })
    const passed = parts.filter((p) => p.status !== 'down').length
    return {
      name: 'crypto',
      required: true,
      status: worstStatus(parts.map((p) => p.status)),
      message: `${passed} of ${parts.length} primitives gave their known answers`,
      latencyMs: Math.round(parts.reduce((sum, p) => sum + (p.latencyMs ?? 0), 0) * 10) / 10,
      parts,
    }
  }
}

/** Down when a required component is down (the site cannot serve); degraded when anything else is not ok. */
export function overallStatus(components: Pick<DiagnosticComponent, 'status' | 'required'>[]): DiagnosticStatus {
  if (components.some((c) => c.required && c.status === 'down')) return 'down'
  return components.every((c) => c.status === 'ok') ? 'ok' : 'degraded'
}

/** What visitors and ordinary users see: the overall status and each component's name and status, nothing else. */
export function publicView(report: DiagnosticReport): DiagnosticReport {
  return {
    status: report.status,
    checkedAt: report.checkedAt,
    cryptoPayments: report.cryptoPayments,
    components: report.components.map((c) => ({
      name: c.name,
      status: c.status,
      ...(c.parts ? { parts: c.parts.map((p) => ({ name: p.name, status: p.status })) } : {}),
    })),
  }
}
