// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { emailEndpoints } from '@shared/api/endpoints/email'
import { apiUrl } from '@/lib/api'
import { EmailPreviewScreen } from './email-preview-screen'

const OUTBOX = {
  transport: 'outbox',
  messages: [
    { id: 1, to: 'dana@example.com', subject: 'Your Handover verification code: 123456', text: 'Hi dana', createdAt: new Date().toISOString() },
  ],
}

/** The outbox as the server answers it to this visitor: 401 signed out, 403 without admin rights, the mail for an admin. */
function renderAs(status: 200 | 401 | 403) {
  vi.stubGlobal('fetch', async (path: string) => {
    if (path !== apiUrl(emailEndpoints.getEmailOutbox)) return new Response(null, { status: 404 })
    if (status === 200) return Response.json(OUTBOX)
    const message = status === 401 ? 'Authentication required' : 'Only admins may do this'
    return Response.json({ error: { code: 'forbidden', message }, message }, { status })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EmailPreviewScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('EmailPreviewScreen', () => {
  it('asks a signed-out visitor to sign in as an admin, with the admin sign-in link, and shows no mail', async () => {
    renderAs(401)
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in as an admin to read the outbox.')
    expect(screen.getByRole('link', { name: 'Admin Sign In' }).getAttribute('href')).toBe('/admin-login')
    expect(screen.queryByRole('list', { name: 'Outbox' })).toBeNull()
  })

  it('tells a signed-in user without admin rights that the outbox is not theirs to read', async () => {
    renderAs(403)
    expect((await screen.findByRole('alert')).textContent).toBe('This account has no admin rights, so it cannot read the outbox.')
    expect(screen.queryByRole('link', { name: 'Admin Sign In' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Outbox' })).toBeNull()
  })

  it('shows an admin the kept mail', async () => {
    renderAs(200)
    const list = await screen.findByRole('list', { name: 'Outbox' })
    expect(list.textContent).toContain('Your Handover verification code: 123456')
    expect(list.textContent).toContain('To dana@example.com')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
