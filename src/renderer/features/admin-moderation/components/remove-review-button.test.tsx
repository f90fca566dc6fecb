// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MODERATION_MESSAGES } from '@shared/api/moderation'
import { REVIEW_MESSAGES, type ReviewDto } from '@shared/api/reviews'
import { Toaster } from '@/components/ui/toaster'
import { toastStore } from '@/hooks/use-toast'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { apiUrl } from '@/lib/api'
import { reviewKeys } from '@/lib/query-keys'
import { RemoveReviewButton } from './remove-review-button'

const REVIEW: ReviewDto = {
  id: 31,
  rating: 1,
  text: 'Call me on +1 555 0100',
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewer: { id: 1003, username: 'carol', avatar: null },
  listing: { platform: 'tiktok', accountTitle: 'Comedy TikTok account' },
}
/** the toast stack renders lazily; on a busy machine the first toast takes longer than findBy's default second */
const TOAST_WAIT = { timeout: 5_000 }

function stubServer(answer: () => Response) {
  const calls: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined })
    return answer()
  })
  return calls
}

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const invalidated = vi.spyOn(client, 'invalidateQueries')
  render(
    <QueryClientProvider client={client}>
      <RemoveReviewButton review={REVIEW} />
      <Toaster />
    </QueryClientProvider>,
  )
  return invalidated
}

afterEach(() => {
  cleanup()
  toastStore.clear()
  vi.unstubAllGlobals()
})

describe('RemoveReviewButton', () => {
  it('asks for a reason first, then removes the review and refreshes the reviews', async () => {
    const calls = stubServer(() => Response.json({ id: 31, sellerId: 1002, transactionId: 7, removedAt: '2026-11-24T10:00:00.000Z' }))
    const invalidated = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Remove the review by carol' }))
    const dialog = await screen.findByRole('dialog', { name: "Remove carol's review?" })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove review' }))
    expect(await within(dialog).findByText(MODERATION_MESSAGES.reason)).toBeTruthy()
    expect(calls).toEqual([])
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the buyer and the seller)'), {
      target: { value: 'Personal data of a third party' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove review' }))
    expect(await screen.findByText('Review removed', {}, TOAST_WAIT)).toBeTruthy()
    expect(calls).toEqual([
      {
        method: 'POST',
        path: apiUrl(reviewsEndpoints.postAdminReviewsRemove, { params: { id: 31 } }),
        body: { reason: 'Personal data of a third party' },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(invalidated).toHaveBeenCalledWith({ queryKey: reviewKeys.all })
  })

  it("keeps the dialog open with the server's refusal", async () => {
    stubServer(() =>
      Response.json(
        { error: { code: 'review_removed', message: REVIEW_MESSAGES.alreadyRemoved }, message: REVIEW_MESSAGES.alreadyRemoved },
        { status: 409 },
      ),
    )
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Remove the review by carol' }))
    const dialog = await screen.findByRole('dialog', { name: "Remove carol's review?" })
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the buyer and the seller)'), { target: { value: 'Spam posting' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove review' }))
    expect(await within(dialog).findByText(REVIEW_MESSAGES.alreadyRemoved)).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
