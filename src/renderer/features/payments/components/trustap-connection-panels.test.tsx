// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import type { DesktopBridge } from '@shared/ipc/contract'
import { apiUrl } from '@/lib/api'
import { ConnectPanel } from './trustap-connection-panels'

const AUTHORIZE = 'https://sso.trustap.example/auth?client_id=handover&state=s'

afterEach(() => {
  cleanup()
  delete window.desktop
  vi.unstubAllGlobals()
})

function renderPanel() {
  const requested: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    requested.push(path)
    return Response.json({ url: AUTHORIZE })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ConnectPanel />
    </QueryClientProvider>,
  )
  return { requested, user: userEvent.setup() }
}

describe('ConnectPanel in the desktop app', () => {
  it('asks for the desktop return, opens Trustap in the system browser and waits', async () => {
    const openExternal = vi.fn(async () => {})
    window.desktop = { openExternal } as unknown as DesktopBridge
    const { requested, user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: /Connect Trustap/ }))
    await screen.findByText('Continue in your browser')
    expect(requested).toEqual([apiUrl(paymentsEndpoints.getTrustapOauthStart, { query: { returnTo: 'desktop' } })])
    expect(openExternal).toHaveBeenCalledWith({ url: AUTHORIZE })
    await user.click(screen.getByRole('button', { name: 'Open Trustap again' }))
    expect(openExternal).toHaveBeenCalledTimes(2)
  })

  it('asks for the web return on the website', async () => {
    const { requested } = renderPanel()
    await screen.findByRole('button', { name: /Connect Trustap/ })
    expect(requested).toEqual([apiUrl(paymentsEndpoints.getTrustapOauthStart)])
  })
})
