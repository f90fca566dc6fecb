// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { REVIEW_MESSAGES, type ReviewDto } from '@shared/api/reviews'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { apiUrl } from '@/lib/api'
import { DealReview } from './deal-review'

const REVIEW: ReviewDto = {
  id: 11,
  rating: 4,
  text: 'Smooth handover.\nWould buy again.',
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewer: { id: 3, username: 'alice', avatar: null },
  listing: { platform: 'youtube', accountTitle: 'Cat Clips channel' },
}

const deal = (overrides: Partial<Parameters<typeof DealReview>[0]['deal']> = {}) => ({
  id: 7,
  status: 'completed' as const,
  viewerRole: 'buyer' as const,
  buyer: { id: 3, username: 'alice', avatar: null },
  seller: { id: 5, username: 'bob', avatar: null },
  ...overrides,
})

/** A fake server: GET answers the deal's review as it stands, POST answers `post(body)`. */
function stubServer(initial: ReviewDto | null, post: (body: unknown) => Response = () => Response.json(REVIEW, { status: 201 })) {
  const posted: unknown[] = []
  let current = initial
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    expect(path).toBe(apiUrl(reviewsEndpoints.getTransactionsReview, { params: { id: 7 } }))
    if ((init.method ?? 'GET') === 'GET') return Response.json({ review: current, removed: null })
    const body = JSON.parse(String(init.body))
    posted.push(body)
    const answer = post(body)
    if (answer.status === 201) current = REVIEW
    return answer
  })
  return posted
}

function renderReview(props: Parameters<typeof DealReview>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <DealReview {...props} />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('DealReview', () => {
  it('lets the buyer of a completed deal rate and review the seller, then shows the review', async () => {
    const posted = stubServer(null)
    const user = renderReview({ deal: deal() })
    expect(await screen.findByRole('heading', { name: 'Leave a review' })).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: '4 stars, Very good' }))
    await user.type(screen.getByLabelText('Your review'), '  Smooth handover.  ')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    await waitFor(() => expect(posted).toEqual([{ rating: 4, text: 'Smooth handover.' }]))
    expect(await screen.findByRole('heading', { name: 'Your review' })).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Review by alice' }).textContent).toContain('Would buy again.')
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull()
  })

  it('checks the form with the server’s rules before sending anything', async () => {
    const posted = stubServer(null)
    const user = renderReview({ deal: deal() })
    await user.click(await screen.findByRole('button', { name: 'Post review' }))
    expect(screen.getByText(REVIEW_MESSAGES.rating)).toBeTruthy()
    expect(screen.getByText(REVIEW_MESSAGES.text)).toBeTruthy()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1 star, Poor')
    await user.click(screen.getByRole('radio', { name: '5 stars, Excellent' }))
    await user.type(screen.getByLabelText('Your review'), '   ')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    expect(screen.queryByText(REVIEW_MESSAGES.rating)).toBeNull()
    expect(screen.getByText(REVIEW_MESSAGES.text)).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('shows the server’s refusal and then what is really stored', async () => {
    stubServer(null, () =>
      Response.json({ error: { code: 'already_reviewed', message: REVIEW_MESSAGES.already }, message: REVIEW_MESSAGES.already }, { status: 409 }),
    )
    const user = renderReview({ deal: deal() })
    await user.click(await screen.findByRole('radio', { name: '3 stars, Good' }))
    await user.type(screen.getByLabelText('Your review'), 'Fine')
    await user.click(screen.getByRole('button', { name: 'Post review' }))
    expect((await screen.findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.already)
  })

  it('shows the seller the buyer’s review, or that there is none yet, and never the form', async () => {
    stubServer(REVIEW)
    renderReview({ deal: deal({ viewerRole: 'seller' }) })
    expect(await screen.findByRole('heading', { name: "alice's review" })).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Review by alice' }).textContent).toContain('Cat Clips channel')
    cleanup()
    stubServer(null)
    renderReview({ deal: deal({ viewerRole: 'seller' }) })
    expect(await screen.findByText(/alice has not reviewed this deal yet/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull()
  })

  it('tells both parties that an admin removed the review, and why, and offers no form again', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ review: null, removed: { removedAt: '2026-11-21T09:00:00.000Z', reason: 'Personal data of a third party' } }),
    )
    renderReview({ deal: deal() })
    expect((await screen.findByText(/An admin removed your review on/)).textContent).toContain('November 21, 2026')
    expect(screen.getByText('Reason: Personal data of a third party')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Post review' })).toBeNull()
    cleanup()
    renderReview({ deal: deal({ viewerRole: 'seller' }) })
    expect(await screen.findByText(/An admin removed alice's review/)).toBeTruthy()
  })

  it('shows nothing and asks nothing before the deal is completed', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <DealReview deal={deal({ status: 'countdown_started' })} />
      </QueryClientProvider>,
    )
    expect(container.textContent).toBe('')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
