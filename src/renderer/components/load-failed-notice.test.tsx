// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ApiError } from '@/lib/api-client'
import { LoadFailedNotice } from './load-failed-notice'

afterEach(cleanup)

describe('LoadFailedNotice', () => {
  it('says what failed with the server’s reason, and Try Again retries', async () => {
    const retry = vi.fn()
    render(
      <LoadFailedNotice
        title="Could not load the payment"
        error={new ApiError('503: down', 503, 'http', 'The service is down for maintenance.')}
        onRetry={retry}
      />,
    )
    const notice = screen.getByRole('status')
    expect(notice.textContent).toContain('Could not load the payment')
    expect(notice.textContent).toContain('The service is down for maintenance.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('shows the fallback, never a raw status line, when the server gave no reason', () => {
    render(<LoadFailedNotice title="Could not load the blog" error={new ApiError('503: down', 503)} onRetry={() => undefined} />)
    expect(screen.getByRole('status').textContent).toContain('Please try again in a moment.')
    expect(screen.getByRole('status').textContent).not.toContain('503')
  })
})
