// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { AUDIT_PAGE_SIZE, type AuditEntryDto } from '@shared/api/audit'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { auditEndpoints } from '@shared/api/endpoints/audit'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { AdminAuditScreen } from './admin-audit-screen'

const ADMIN = { id: 1000, username: 'admin', avatar: null, balance: '0.00' }

const SETTINGS_CHANGE: AuditEntryDto = {
  id: 41,
  admin: { id: 1000, username: 'admin' },
  action: 'settings.update',
  targetType: 'settings',
  targetId: 'marketplace',
  before: { escrowFeeBps: 500, countdownDays: { youtube: 7, tiktok: 3 } },
  after: { escrowFeeBps: 750, countdownDays: { youtube: 7, tiktok: 10 } },
  reason: null,
  createdAt: '2025-03-04T10:20:30.000Z',
}
const BAN: AuditEntryDto = {
  id: 40,
  admin: { id: 1001, username: 'moderator' },
  action: 'user.ban',
  targetType: 'user',
  targetId: '1042',
  before: { bannedAt: null },
  after: { bannedAt: '2025-03-04T09:00:00.000Z' },
  reason: 'Selling stolen accounts',
  createdAt: '2025-03-04T09:00:00.000Z',
}

/** The audit API: every request's query string is kept; the answer is `entries` with `total` in X-Total-Count. */
function stubLog(entries: AuditEntryDto[], total = entries.length) {
  const queries: string[] = []
  const audit = auditEndpoints.getAdminAudit.path
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...ADMIN, isAdmin: true, twoFactorEnabled: true } })
    if (path.startsWith(audit)) {
      queries.push(path.slice(audit.length))
      return Response.json(entries, { headers: { [TOTAL_COUNT_HEADER]: String(total) } })
    }
    return new Response(null, { status: 404 })
  })
  return queries
}

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/admin/audit"
            element={
              <>
                <AdminAuditScreen />
                <CurrentSearch />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

const search = () => screen.getByTestId('search').textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdminAuditScreen', () => {
  it('lists who did what to which object, the change value by value, and why', async () => {
    stubLog([SETTINGS_CHANGE, BAN])
    renderAt('/admin/audit')
    const rows = within((await screen.findAllByRole('table'))[0]!)
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(2)

    const settings = within(rows[0]!)
    expect(settings.getByText('settings.update')).toBeTruthy()
    expect(settings.getByRole('button', { name: 'admin' })).toBeTruthy()
    expect(settings.getByRole('button', { name: 'settings marketplace' })).toBeTruthy()
    expect(settings.getByText('escrowFeeBps')).toBeTruthy()
    expect(settings.getByText('5 %')).toBeTruthy()
    expect(settings.getByText('7.5 %')).toBeTruthy()
    expect(settings.getByText('countdownDays.tiktok')).toBeTruthy()
    // only what moved: YouTube's countdown stayed at 7
    expect(settings.queryByText('countdownDays.youtube')).toBeNull()

    const ban = within(rows[1]!)
    expect(ban.getByText('Selling stolen accounts')).toBeTruthy()
    expect(ban.getByText('bannedAt')).toBeTruthy()
    expect(screen.getByText('Showing 1-2 of 2 entries')).toBeTruthy()
  })

  it('sends the filters in the URL to the API and keeps new ones in the URL', async () => {
    const queries = stubLog([BAN])
    const user = renderAt('/admin/audit?action=user.ban&page=1&bogus=1')
    await screen.findByText('Selling stolen accounts')
    // only what the API accepts, and no page 1
    expect(queries[0]).toBe('?action=user.ban')
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('user.ban')

    await user.selectOptions(screen.getByLabelText('Target type'), 'user')
    await waitFor(() => expect(search()).toBe('?action=user.ban&targetType=user'))
    await user.type(screen.getByLabelText('Target id'), '1042')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(search()).toBe('?action=user.ban&targetType=user&targetId=1042'))
    await waitFor(() => expect(queries.at(-1)).toBe('?action=user.ban&targetType=user&targetId=1042'))

    // a name in the table narrows to that admin
    await user.click(screen.getByRole('button', { name: 'moderator' }))
    await waitFor(() => expect(search()).toBe('?action=user.ban&targetType=user&targetId=1042&adminId=1001'))
    expect((screen.getByLabelText('Admin id') as HTMLInputElement).value).toBe('1001')

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(search()).toBe(''))
  })

  it('pages through X-Total-Count, the page kept in the URL', async () => {
    const queries = stubLog([SETTINGS_CHANGE], AUDIT_PAGE_SIZE * 2 + 5)
    const user = renderAt('/admin/audit?targetType=settings')
    expect(await screen.findByText(`Showing 1-${AUDIT_PAGE_SIZE} of ${AUDIT_PAGE_SIZE * 2 + 5} entries`)).toBeTruthy()
    expect(screen.getAllByText('Page 1 of 3').length).toBeGreaterThan(0)
    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]!)
    await waitFor(() => expect(search()).toBe('?targetType=settings&page=2'))
    await waitFor(() => expect(queries.at(-1)).toBe('?targetType=settings&page=2'))
    expect((await screen.findAllByText('Page 2 of 3')).length).toBeGreaterThan(0)
  })

  it('says when nothing matches and offers to clear the filters', async () => {
    stubLog([])
    const user = renderAt('/admin/audit?action=user.delete')
    expect(await screen.findByText('No entries match these filters')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(search()).toBe(''))
    expect(await screen.findByText('No admin actions yet')).toBeTruthy()
  })

  it('sends a page past the end back to the first', async () => {
    stubLog([], 3)
    const user = renderAt('/admin/audit?page=9')
    expect(await screen.findByText('No entries on this page')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }))
    await waitFor(() => expect(search()).toBe(''))
  })
})
