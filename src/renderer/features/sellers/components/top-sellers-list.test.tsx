// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { makeTopSeller } from '../test-fixtures'
import { TopSellersList } from './top-sellers-list'

afterEach(cleanup)

function renderList() {
  const sellers = [
    makeTopSeller(),
    makeTopSeller({
      rank: 2,
      id: 1001,
      username: 'bob',
      completedSales: 25,
      salesVolume: 9_950,
      activeListings: 1,
      platforms: ['instagram'],
      rating: { average: null, count: 0 },
    }),
    makeTopSeller({
      rank: 4,
      id: 1009,
      username: 'brightpath',
      completedSales: 1,
      salesVolume: 83.5,
      activeListings: 0,
      platforms: [],
      rating: { average: 3, count: 1 },
    }),
  ]
  render(
    <MemoryRouter>
      <TopSellersList sellers={sellers} />
    </MemoryRouter>,
  )
  return within(screen.getByRole('list', { name: 'Top sellers' }))
}

describe('TopSellersList', () => {
  it('lists the sellers in the order given, each linking to their profile', () => {
    const list = renderList()
    const rows = list.getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Top sellers')
    expect(rows).toHaveLength(3)
    expect(rows.map((row) => within(row).getAllByRole('link')[0]!.getAttribute('href'))).toEqual(['/seller/1004', '/seller/1001', '/seller/1009'])
    expect(rows.map((row) => row.textContent?.match(/Rank (\d+)/)?.[1])).toEqual(['1', '2', '4'])
  })

  it('shows sales, volume (short, exact on hover), active listings and platforms with their names', () => {
    const list = renderList()
    const first = list.getAllByRole('listitem')[0]!
    expect(first.textContent).toContain('Completed sales: 31')
    expect(first.textContent).toContain('Active listings: 17')
    expect(within(first).getByTitle('$640,502.50').textContent).toBe('$640.5K')
    expect(within(first).getByRole('list', { name: 'Platforms' }).textContent).toBe('YouTubeTikTok')
    expect(list.getByText('$9,950')).toBeTruthy()
    expect(list.getByText('No platforms yet')).toBeTruthy()
  })

  it('shows each seller’s rating from reviews, or that there is none yet', () => {
    const list = renderList()
    const [first, second, third] = list.getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Top sellers')
    expect(within(first!).getByRole('img', { name: 'Rated 4.8 out of 5 from 12 reviews' }).textContent).toBe('4.8(12)')
    expect(within(second!).getByText('No reviews yet')).toBeTruthy()
    expect(within(third!).getByRole('img', { name: 'Rated 3.0 out of 5 from 1 review' })).toBeTruthy()
  })

  it('says when each seller joined', () => {
    renderList()
    expect(screen.getAllByText('Member since May 2024')).toHaveLength(3)
  })
})
