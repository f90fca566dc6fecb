// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { AdminLoginScreen, adminDestination } from './admin-login-screen'

const ADMIN = { id: 1, username: 'admin', avatar: null, balance: '0.00' }
const MEMBER = { id: 2, username: 'alice', avatar: null, balance: '15.00' }

const ADMIN_ME = apiUrl(authEndpoints.getAuthAdminMe)
const ME = apiUrl(authEndpoints.getAuthMe)
const ADMIN_LOGIN = apiUrl(authEndpoints.postAuthAdminLogin)

/** The server as the screen sees it: who is signed in, whether they are an admin, and the sign-in's answer. */
function stubServer(options: { me: typeof ADMIN | null; isAdmin: boolean; login?: () => Response }) {
  const calls: { path: string; body?: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (path === ADMIN_ME)
      return options.me ? Response.json({ user: { ...options.me, isAdmin: options.isAdmin } }) : new Response(null, { status: 401 })
    if (path === ME) return options.me ? Response.json(options.me) : new Response(null, { status: 401 })
    if (path === ADMIN_LOGIN) return options.login?.() ?? new Response(null, { status: 500 })
    return new Response(null, { status: 404 })
  })
  return calls
}

function renderAt(url: string, me: typeof ADMIN | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), me)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin-login" element={<AdminLoginScreen />} />
          <Route path="/admin-dashboard" element={<p>dashboard</p>} />
          <Route path="/admin/audit" element={<p>audit log</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('adminDestination', () => {
  it('goes on to an admin page it was sent from, and to the dashboard otherwise', () => {
    expect(adminDestination('/admin/audit?action=user.ban')).toBe('/admin/audit?action=user.ban')
    expect(adminDestination('/admin-settings')).toBe('/admin-settings')
    expect(adminDestination(null)).toBe('/admin-dashboard')
    expect(adminDestination('https://evil.example/admin')).toBe('/admin-dashboard')
    expect(adminDestination('//evil.example/admin')).toBe('/admin-dashboard')
    expect(adminDestination('/balance')).toBe('/admin-dashboard')
    expect(adminDestination('/admin-login')).toBe('/admin-dashboard')
  })
})

describe('AdminLoginScreen', () => {
  it('checks the fields before asking the server', async () => {
    const calls = stubServer({ me: null, isAdmin: false })
    renderAt('/admin-login', null)
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Username is required')).toBeTruthy()
    expect(calls.some((c) => c.path === ADMIN_LOGIN)).toBe(false)
  })

  it('shows the server’s refusal of an ordinary account', async () => {
    stubServer({
      me: null,
      isAdmin: false,
      login: () =>
        Response.json(
          { error: { code: 'forbidden', message: 'This account has no admin rights' }, message: 'This account has no admin rights' },
          { status: 403 },
        ),
    })
    renderAt('/admin-login', null)
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'handover-demo' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This account has no admin rights')
  })

  it('signs an admin in and goes on to the page it came from', async () => {
    const calls = stubServer({ me: null, isAdmin: false, login: () => Response.json({ success: true, user: { ...ADMIN, isAdmin: true } }) })
    renderAt('/admin-login?next=%2Fadmin%2Faudit', null)
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'handover-admin' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('audit log')).toBeTruthy()
    expect(calls.find((c) => c.path === ADMIN_LOGIN)?.body).toEqual({ username: 'admin', password: 'handover-admin' })
  })

  it('tells a signed-in user without admin rights who they are', async () => {
    stubServer({ me: MEMBER, isAdmin: false })
    renderAt('/admin-login', MEMBER)
    expect(await screen.findByText(/which has no admin rights/)).toBeTruthy()
    expect(screen.getByText('alice')).toBeTruthy()
  })

  it('sends a signed-in admin straight on', async () => {
    stubServer({ me: ADMIN, isAdmin: true })
    renderAt('/admin-login', ADMIN)
    expect(await screen.findByText('dashboard')).toBeTruthy()
  })
})
