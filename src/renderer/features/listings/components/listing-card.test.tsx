// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { imagesEndpoints } from '@shared/api/endpoints/images'
import { apiUrl } from '@/lib/api'
import { makeListing } from '../test-fixtures'
import { ListingCard } from './listing-card'

function renderCard(overrides: Parameters<typeof makeListing>[0]) {
  return render(
    <MemoryRouter>
      <ListingCard listing={makeListing(overrides)} />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('ListingCard', () => {
  it('labels a YouTube audience as Subscribers, with K formatting', () => {
    renderCard({ platform: 'youtube', followers: 125_000 })
    expect(screen.getByText('Subscribers')).toBeTruthy()
    expect(screen.queryByText('Followers')).toBeNull()
    expect(screen.getByText('125.0K')).toBeTruthy()
  })

  it('labels other platforms as Followers', () => {
    renderCard({ platform: 'instagram', followers: 2_500_000 })
    expect(screen.getByText('Followers')).toBeTruthy()
    expect(screen.getByText('2.5M')).toBeTruthy()
  })

  it('paints the platform’s colours behind a banner until it has loaded, and instead of one that has none', () => {
    renderCard({ platform: 'tiktok', images: ['https://cdn.example.com/banner.jpg'] })
    expect((document.querySelector('img') as HTMLImageElement).style.backgroundImage).toContain('linear-gradient')
    cleanup()
    renderCard({ platform: 'tiktok', images: [] })
    expect((document.querySelector('[data-slot="listing-banner-fallback"]') as HTMLElement).style.backgroundImage).toContain('linear-gradient')
  })

  it('shows no monthly income for an account that earns nothing', () => {
    renderCard({ price: 900, monthlyIncome: 0, isMonetized: false })
    expect(screen.queryByText('Monthly income')).toBeNull()
    expect(screen.queryByText('Income/mo')).toBeNull()
    expect(screen.queryByText('$0')).toBeNull()
    expect(screen.getByText('$900')).toBeTruthy()
  })

  it('links the whole card to the listing and shows price, income and badges', () => {
    renderCard({ id: 42, price: 1250.5, monthlyIncome: 800, isVerified: true, isPremium: true })
    expect(screen.getByRole('link').getAttribute('href')).toBe('/listing/42')
    expect(screen.getByText('$1,250.50')).toBeTruthy()
    expect(screen.getByText('$800')).toBeTruthy()
    expect(screen.getByText('Verified')).toBeTruthy()
    expect(screen.getByText('Premium')).toBeTruthy()
    expect(screen.queryByText('Monetized')).toBeNull()
  })

  it('loads the first image through the proxy, and falls back to the platform banner without one', () => {
    const { container, unmount } = renderCard({ images: ['https://img.example/a.png', 'https://img.example/b.png'] })
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`${apiUrl(imagesEndpoints.getProxyImage)}?url=https%3A%2F%2Fimg.example%2Fa.png`)
    unmount()
    const fallback = renderCard({ images: [] })
    expect(fallback.container.querySelector('img')).toBeNull()
    // decorative beside the card's title, like <img alt="">: hidden from screen readers, not an unnamed image
    const banner = fallback.container.querySelector('[data-slot="listing-banner-fallback"]')
    expect(banner?.getAttribute('aria-hidden')).toBe('true')
    expect(banner?.getAttribute('role')).toBeNull()
  })
})
