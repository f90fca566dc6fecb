// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { LISTING_WRITE_MESSAGES, type ListingDto } from '@shared/api/listings'
import { ReviewQueueItem } from './review-queue-item'

const listing: ListingDto = {
  id: 12,
  platform: 'youtube',
  username: 'catclips',
  displayName: 'Cat Clips',
  niche: 'Pets',
  description: 'Daily cat videos for cat people.',
  accountTitle: 'Cat Clips channel',
  price: 1250.5,
  followers: 125_000,
  monthlyIncome: 800,
  isVerified: true,
  isMonetized: false,
  isPremium: false,
  isPinned: false,
  isActive: false,
  status: 'pending_review',
  createdAt: new Date().toISOString(),
  images: ['/media/listings/0123456789abcdef0123456789abcdef.webp'],
  sellerId: 3,
  seller: { id: 3, username: 'bob' },
}

function renderItem() {
  const onApprove = vi.fn()
  const onReject = vi.fn()
  render(
    <MemoryRouter>
      <ReviewQueueItem listing={listing} busy={false} onApprove={onApprove} onReject={onReject} />
    </MemoryRouter>,
  )
  return { onApprove, onReject }
}

afterEach(cleanup)

describe('ReviewQueueItem', () => {
  it('shows what the seller claims and approves with one click', () => {
    const { onApprove, onReject } = renderItem()
    expect(screen.getByRole('link', { name: 'Cat Clips channel' }).getAttribute('href')).toBe('/listing/12')
    expect(screen.getByText('Subscribers')).toBeTruthy()
    expect(screen.getByText('$1,250.50')).toBeTruthy()
    expect(screen.getByText(/by bob/)).toBeTruthy()
    // our own uploads load directly, not through the image proxy
    expect(screen.getByAltText('Image 1 of 1').getAttribute('src')).toBe(listing.images[0])
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(onApprove).toHaveBeenCalledTimes(1)
    expect(onReject).not.toHaveBeenCalled()
  })

  it('refuses to reject without a reason, then sends the trimmed reason', () => {
    const { onReject } = renderItem()
    fireEvent.click(screen.getByRole('button', { name: 'Reject…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Reject listing' }))
    expect(screen.getByText(LISTING_WRITE_MESSAGES.rejectReason)).toBeTruthy()
    expect(onReject).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Reason the seller will see'), { target: { value: '  Follower count is not real  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reject listing' }))
    expect(onReject).toHaveBeenCalledWith('Follower count is not real')
  })
})
