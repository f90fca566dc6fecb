import { describe, expect, it } from 'vitest'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Redis } from 'ioredis'
import type { Mailer } from '../email/mailer'
import type { PaymentProvider } from '../payments/payment-provider'
import { DiagnosticsService, overallStatus, publicView, type DiagnosticsDeps } from './diagnostics.service'

const em = { getConnection: () => ({ execute: async () => [{ version: '16.4' }] }) } as unknown as EntityManager

const mailer = (ok: boolean) =>
  ({ transport: 'smtp', check: async () => ({ transport: 'smtp', ok, message: ok ? 'accepted' : 'refused' }) }) as unknown as Mailer
const provider = { name: 'sandbox', methods: ['card', 'crypto'], checkAvailability: async () => 'sandbox answered' } as unknown as PaymentProvider
const redis = (answer: () => Promise<string>) => ({ ping: answer, options: { host: 'cache.internal', port: 6380 } }) as unknown as Redis

function service(overrides: Partial<DiagnosticsDeps> = {}) {
  return new DiagnosticsService({
    config: { databaseUrl: 'postgres://app:secret@db.internal:5433/handover', paymentsProvider: 'sandbox' },
    mailer: mailer(true),
    provider,
    limits: { timeoutMs: 2_000, slowMs: Number.POSITIVE_INFINITY },
    ...overrides,
  })
}

describe('DiagnosticsService', () => {
  it('is ok when every check answers, and names where it looked without credentials', async () => {
    const report = await service({ redis: redis(async () => 'PONG') }).freshReport(em)
    expect(report.status).toBe('ok')
    expect(report.components.map((c) => [c.name, c.status, c.required])).toEqual([
      ['database', 'ok', true],
      ['redis', 'ok', false],
      ['email', 'ok', false],
      ['payments', 'ok', false],
      ['crypto', 'ok', true],
    ])
    expect(report.components[0]?.message).toBe('PostgreSQL 16.4 at db.internal:5433/handover')
    expect(JSON.stringify(report)).not.toContain('secret')
    expect(report.components[1]?.message).toBe('PONG from cache.internal:6380')
    expect(report.cryptoPayments).toBe(true)
    expect(report.details).toMatchObject({ provider: 'sandbox', build: null })
  })

  it('leaves Redis out where none is configured', async () => {
    const report = await service().freshReport(em)
    expect(report.components.map((c) => c.name)).toEqual(['database', 'email', 'payments', 'crypto'])
  })

  it('is degraded when an optional component is down, down when a required one is', async () => {
    const noMail = await service({ mailer: mailer(false) }).freshReport(em)
    expect(noMail.status).toBe('degraded')
    expect(noMail.components.find((c) => c.name === 'email')).toMatchObject({ status: 'down', message: 'refused' })

    // without Redis the site keeps serving (rate limits and presence fall back to the instance)
    const noRedis = await service({ redis: redis(() => Promise.reject(new Error('ECONNREFUSED'))) }).freshReport(em)
    expect(noRedis.status).toBe('degraded')
    expect(noRedis.components.find((c) => c.name === 'redis')).toMatchObject({ status: 'down', required: false, message: 'ECONNREFUSED' })

    const deadDatabase = { getConnection: () => ({ execute: () => Promise.reject(new Error('connection refused')) }) } as unknown as EntityManager
    const noDatabase = await service().freshReport(deadDatabase)
    expect(noDatabase.status).toBe('down')
    expect(noDatabase.components.find((c) => c.name === 'database')).toMatchObject({ status: 'down', required: true })
  })

  it('calls every check slower than the threshold degraded, and the whole report with it', async () => {
    const report = await service({ limits: { timeoutMs: 2_000, slowMs: -1 } }).freshReport(em)
    expect(report.status).toBe('degraded')
    expect(report.components.every((c) => c.status === 'degraded')).toBe(true)
  })

  it('shares one run between visitors for a while; admins always get a fresh one', async () => {
    let pings = 0
    const diagnostics = service({
      redis: redis(async () => {
        pings += 1
        return 'PONG'
      }),
      publicCacheMs: 60_000,
    })
    const first = await diagnostics.cachedReport(em)
    expect(await diagnostics.cachedReport(em)).toBe(first)
    expect(pings).toBe(1)
    await diagnostics.freshReport(em)
    expect(pings).toBe(2)
    const expired = service({ redis: redis(async () => 'PONG'), publicCacheMs: 0 })
    expect(await expired.cachedReport(em)).not.toBe(await expired.cachedReport(em))
  })
})

describe('overallStatus', () => {
  it('is down only for a required component down', () => {
    expect(
      overallStatus([
        { status: 'ok', required: true },
        { status: 'down', required: false },
      ]),
    ).toBe('degraded')
    expect(
      overallStatus([
        { status: 'down', required: true },
        { status: 'ok', required: false },
      ]),
    ).toBe('down')
    expect(overallStatus([{ status: 'degraded', required: true }])).toBe('degraded')
    expect(
      overallStatus([
        { status: 'ok', required: true },
        { status: 'ok', required: false },
      ]),
    ).toBe('ok')
  })
})

describe('publicView', () => {
  it('keeps names and statuses only', async () => {
    const report = await service({ redis: redis(async () => 'PONG') }).freshReport(em)
    const view = publicView(report)
    expect(view.details).toBeUndefined()
    for (const c of view.components) {
      expect(Object.keys(c).sort()).toEqual(c.name === 'crypto' ? ['name', 'parts', 'status'] : ['name', 'status'])
      for (const part of c.parts ?? []) expect(Object.keys(part).sort()).toEqual(['name', 'status'])
    }
    expect(JSON.stringify(view)).not.toMatch(/db\.internal|cache\.internal|PostgreSQL|latencyMs|required/)
  })
})
