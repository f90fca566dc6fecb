// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { useListingUrlState } from './use-listing-url-state'

function Harness() {
  const { update } = useListingUrlState()
  return (
    <>
      <output data-testid="search">{useLocation().search}</output>
      {/* two changes in one event: the second must build on the first, not on the last render */}
      <button
        onClick={() => {
          update({ platform: 'youtube' })
          update({ sort: 'price-low' })
        }}
      >
        both
      </button>
      <button onClick={() => update({ page: 3 })}>page</button>
      <button onClick={() => update({ verified: true })}>verified</button>
    </>
  )
}

afterEach(cleanup)

describe('useListingUrlState', () => {
  it('keeps every change made before the next render', () => {
    render(
      <MemoryRouter initialEntries={['/?q=cats']}>
        <Harness />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByText('both'))
    const params = new URLSearchParams(screen.getByTestId('search').textContent ?? '')
    expect(params.get('platform')).toBe('youtube')
    expect(params.get('sort')).toBe('price-low')
    expect(params.get('q')).toBe('cats')
  })

  it('goes back to page 1 when anything but the page changes', () => {
    render(
      <MemoryRouter initialEntries={['/?sort=followers-high']}>
        <Harness />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByText('page'))
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('page')).toBe('3')
    fireEvent.click(screen.getByText('verified'))
    const params = new URLSearchParams(screen.getByTestId('search').textContent ?? '')
    expect(params.get('page')).toBeNull()
    expect(params.get('verified')).toBe('true')
    expect(params.get('sort')).toBe('followers-high')
  })
})
