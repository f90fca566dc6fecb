// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { toastStore } from '@/hooks/use-toast'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { makeListing } from '../test-fixtures'
import type { Listing } from '../types'
import { ListingOwnerPanel, ownerNotice } from './listing-owner-panel'

const SELLER = { id: 3, username: 'seller3', avatar: null, balance: '15.00' }
const WAITING = 'Waiting for review — your listing appears in the catalogue once an admin approves it'

function renderPanel(listing: Listing, user: typeof SELLER | null = SELLER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // the signed-in user as the session query would hold it, so no request is needed
  client.setQueryData(authKeys.me(), user)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/listing/7']}>
        <Routes>
          <Route path="/listing/:id" element={<ListingOwnerPanel listing={listing} />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => toastStore.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ownerNotice', () => {
  it('tells the seller where the listing stands', () => {
    expect(ownerNotice({ status: 'pending_review', rejectionReason: null })?.text).toBe(WAITING)
    expect(ownerNotice({ status: 'removed', rejectionReason: 'Screenshots do not show the account' })?.text).toBe(
      'Not approved: Screenshots do not show the account',
    )
    expect(ownerNotice({ status: 'removed', rejectionReason: null })?.text).toBe('Removed')
    expect(ownerNotice({ status: 'sold', rejectionReason: null })?.text).toBe('Sold')
    expect(ownerNotice({ status: 'suspended', rejectionReason: null })?.text).toBe('Suspended')
    expect(ownerNotice({ status: 'suspended', rejectionReason: 'Follower count looks bought' })?.text).toBe('Suspended: Follower count looks bought')
  })

  it('shows a listing back in review as waiting, not as rejected', () => {
    expect(ownerNotice({ status: 'pending_review', rejectionReason: 'Old reason' })?.text).toBe(WAITING)
  })
})

describe('ListingOwnerPanel', () => {
  it('is shown to the seller only', () => {
    renderPanel(makeListing({ status: 'pending_review' }), { ...SELLER, id: 99 })
    expect(screen.queryByText(WAITING)).toBeNull()
    cleanup()
    renderPanel(makeListing({ status: 'pending_review' }))
    expect(screen.getByText(WAITING)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/create-listing?edit=7')
  })

  it('offers no edit or delete for a sold listing, and says when it sold', () => {
    renderPanel(makeListing({ status: 'sold', soldAt: '2026-11-20T12:00:00.000Z' }))
    expect(screen.getByText('Sold on November 20, 2026')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it('offers no edit or delete while a buyer is paying for the listing', () => {
    renderPanel(makeListing({ status: 'reserved', isActive: false }))
    expect(screen.getByText(/^Reserved — a buyer is paying for it/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it('offers a fresh listing once this one was removed or not approved', () => {
    renderPanel(makeListing({ status: 'removed', rejectionReason: 'Screenshots do not show the account' }))
    expect(screen.getByText('Not approved: Screenshots do not show the account')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create a new listing' }).getAttribute('href')).toBe('/create-listing')
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
  })

  it('deletes only after confirmation, then goes home', async () => {
    const calls: { method: string; path: string }[] = []
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', path })
      return new Response(null, { status: 204 })
    })
    renderPanel(makeListing({ status: 'active' }))

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete listing' }))
    expect(await screen.findByText('Home page')).toBeTruthy()
    await waitFor(() => expect(calls[0]).toEqual({ method: 'DELETE', path: apiUrl(listingsEndpoints.deleteAccountsById, { params: { id: 7 } }) }))
    expect(toastStore.getState().map((t) => t.title)).toContain('Listing deleted')
  })
})
