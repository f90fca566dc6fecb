// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { accountKeys } from '@/lib/query-keys'
import { EmailSection } from './email-section'

function renderWaiting() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(accountKeys.email(), { email: 'alice@example.test', pendingEmail: 'new@example.test' })
  vi.stubGlobal('fetch', async () => Response.json({ email: 'alice@example.test', pendingEmail: 'new@example.test' }))
  return render(
    <QueryClientProvider client={client}>
      <EmailSection />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('EmailSection', () => {
  it('counts down the minute before another code can be sent, from when the code form opens', async () => {
    vi.useFakeTimers()
    renderWaiting()
    const resend = screen.getByRole('button', { name: /^Resend/ }) as HTMLButtonElement
    expect(resend.textContent).toBe('Resend in 60s')
    expect(resend.disabled).toBe(true)
    for (let second = 0; second < 60; second++) await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(resend.textContent).toBe('Resend code')
    expect(resend.disabled).toBe(false)
  })
})
