// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation, useSearchParams } from 'react-router-dom'
import type { PlatformId } from '@/config/platforms'
import { usePlatformSync } from './use-platform-sync'

/** Stands in for the home page: holds the selected platform and shows it and the URL. */
function Harness({ initial }: { initial: PlatformId | null }) {
  const [selected, setSelected] = useState<PlatformId | null>(initial)
  const [, setSearchParams] = useSearchParams()
  usePlatformSync(selected, setSelected)
  return (
    <>
      <output data-testid="selected">{selected ?? 'none'}</output>
      <output data-testid="search">{useLocation().search}</output>
      <button onClick={() => setSelected('facebook')}>tile</button>
      <button onClick={() => setSearchParams({ on: 'twitter' })}>select</button>
    </>
  )
}

const renderAt = (url: string, initial: PlatformId | null = null) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness initial={initial} />
    </MemoryRouter>,
  )

afterEach(cleanup)

describe('usePlatformSync', () => {
  it('adopts the URL platform on a reload or shared link', () => {
    renderAt('/?platform=youtube')
    expect(screen.getByTestId('selected').textContent).toBe('youtube')
  })

  it('writes a freshly selected platform into the URL', () => {
    renderAt('/?sort=price-low&page=3', 'tiktok')
    expect(screen.getByTestId('search').textContent).toBe('?platform=tiktok&sort=price-low')
    fireEvent.click(screen.getByText('tile'))
    expect(screen.getByTestId('search').textContent).toBe('?platform=facebook&sort=price-low')
  })

  it('follows the URL when the grid changes it', () => {
    renderAt('/')
    fireEvent.click(screen.getByText('select'))
    expect(screen.getByTestId('selected').textContent).toBe('twitter')
  })
})
