// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { ACCOUNT_UNLOCKED_ANSWER, AUTH_MESSAGES } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { UnlockAccountScreen } from './unlock-account-screen'

const TOKEN = 'Zb3v9kQm1xY2w8N4t7R5s6P0a1B2c3D4e5F6g7H8i9J'
const UNLOCK = apiUrl(authEndpoints.postAuthUnlock)

/** The unlock call's answer; anything else the page asks for (the site's announcement) finds nothing. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (path: string) =>
    path === UNLOCK ? new Response(JSON.stringify(body), { status }) : new Response('', { status: 404 }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return () => fetchMock.mock.calls.filter(([path]) => path === UNLOCK) as unknown as [string, RequestInit][]
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/unlock-account" element={<UnlockAccountScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the unlock page', () => {
  it('sends the link’s token only when asked, then says so and links to sign in', async () => {
    const unlockCalls = answer(200, { success: true, message: ACCOUNT_UNLOCKED_ANSWER })
    renderAt(`/unlock-account?token=${TOKEN}`)
    expect(unlockCalls()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Unlock My Account' }))
    expect(await screen.findByText(ACCOUNT_UNLOCKED_ANSWER)).toBeTruthy()
    expect(unlockCalls()).toHaveLength(1)
    expect(JSON.parse(String(unlockCalls()[0]![1].body))).toEqual({ token: TOKEN })
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login')
  })

  it('shows the server’s answer for a used or expired link', async () => {
    const message = AUTH_MESSAGES.invalidUnlockToken
    answer(400, { error: { code: 'invalid_token', message }, message })
    renderAt(`/unlock-account?token=${TOKEN}`)
    fireEvent.click(screen.getByRole('button', { name: 'Unlock My Account' }))
    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy()
  })

  it('says a link without its token cannot work, and sends nothing', () => {
    const unlockCalls = answer(200, {})
    renderAt('/unlock-account')
    expect(screen.getByRole('alert').textContent).toContain(AUTH_MESSAGES.invalidUnlockToken)
    const button = screen.getByRole('button', { name: 'Unlock My Account' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.click(button)
    expect(unlockCalls()).toEqual([])
  })
})
