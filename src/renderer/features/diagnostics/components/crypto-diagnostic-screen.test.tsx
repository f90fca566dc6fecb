// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import type { DiagnosticReport } from '@shared/api/diagnostics'
import { CryptoDiagnosticScreen } from './crypto-diagnostic-screen'

const PARTS = ['random', 'sha256', 'hmac-sha256', 'timing-safe-compare', 'argon2id'] as const

function publicReport(overrides: Partial<DiagnosticReport> = {}): DiagnosticReport {
  return {
    status: 'ok',
    checkedAt: '2026-11-23T10:00:00.000Z',
    cryptoPayments: true,
    components: [
      { name: 'database', status: 'ok' },
      { name: 'email', status: 'ok' },
      { name: 'payments', status: 'ok' },
      { name: 'crypto', status: 'ok', parts: PARTS.map((name) => ({ name, status: 'ok' as const })) },
    ],
    ...overrides,
  }
}

function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  )
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CryptoDiagnosticScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const row = (list: string, label: string) =>
  within(screen.getByRole('list', { name: list }))
    .getByText(label)
    .closest('li')!

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CryptoDiagnosticScreen', () => {
  it('shows crypto checkout, every primitive and every service with its status', async () => {
    serve(200, publicReport())
    renderScreen()
    expect(await screen.findByText('All systems working')).toBeTruthy()
    expect(row('Crypto payments', 'Crypto checkout').textContent).toContain('Working')
    expect(within(screen.getByRole('list', { name: 'Cryptography on the server' })).getAllByRole('listitem')).toHaveLength(5)
    expect(row('Cryptography on the server', 'argon2id').textContent).toContain('Working')
    expect(
      within(screen.getByRole('list', { name: 'API status' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Database', 'Email', 'Payment provider', 'Cryptography'])
    expect(screen.getByText('Admins also see what each check found and how long it took.')).toBeTruthy()
  })

  it('shows a report answered with 503 as a result: what is down, not an error', async () => {
    const components = publicReport().components.map((c) => (c.name === 'database' ? { ...c, status: 'down' as const } : c))
    serve(503, publicReport({ status: 'down', components }))
    renderScreen()
    expect(await screen.findByText('A service the site cannot work without is down.', { exact: false })).toBeTruthy()
    expect(row('API status', 'Database').textContent).toContain('Down')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says crypto is not offered when the provider takes cards only', async () => {
    serve(200, publicReport({ cryptoPayments: false }))
    renderScreen()
    expect((await screen.findByText('Crypto checkout')).closest('li')!.textContent).toContain('Not offered')
  })

  it('shows admins what each check found, its time and the build', async () => {
    const report = publicReport({
      components: [
        { name: 'database', status: 'ok', required: true, message: 'PostgreSQL 16.4 at db.internal:5432/handover', latencyMs: 3.2 },
        { name: 'email', status: 'down', required: false, message: 'SMTP server at mail.internal:587 unreachable: ECONNREFUSED', latencyMs: 12 },
        { name: 'payments', status: 'ok', required: false, message: 'Built-in sandbox', latencyMs: 1 },
        {
          name: 'crypto',
          status: 'ok',
          required: true,
          message: '5 of 5',
          latencyMs: 40,
          parts: PARTS.map((name) => ({ name, status: 'ok' as const, message: `${name} known answer`, latencyMs: 1 })),
        },
      ],
      status: 'degraded',
      details: { provider: 'sandbox', version: '0.1.0', build: 'abc123', node: 'v20.20.2' },
    })
    serve(200, report)
    renderScreen()
    expect(await screen.findByText('Version 0.1.0 · build abc123 · Node v20.20.2 · provider sandbox')).toBeTruthy()
    expect(row('API status', 'Email').textContent).toContain('SMTP server at mail.internal:587 unreachable: ECONNREFUSED · 12 ms')
    expect(row('API status', 'Database').textContent).toContain('Required')
    expect(screen.getByText('Partly degraded')).toBeTruthy()
  })
})
