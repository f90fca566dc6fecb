// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { conversation } from '../test-fixtures'
import { ThreadHeader } from './thread-header'

afterEach(cleanup)

const renderHeader = (overrides: Parameters<typeof conversation>[0]) =>
  render(
    <MemoryRouter>
      <ThreadHeader conversation={conversation(overrides)} />
    </MemoryRouter>,
  )

describe('the chat thread’s header', () => {
  it('links a deal’s conversation to the deal, where its steps are taken, next to the listing', () => {
    renderHeader({ transactionId: 31 })
    expect(screen.getByRole('link', { name: 'View deal ACC-031' }).getAttribute('href')).toBe('/transaction/31')
    expect(screen.getByRole('link', { name: 'View listing: Travel photography, 48K followers' }).getAttribute('href')).toBe('/listing/42')
  })

  it('has no deal link for a conversation that is only a question about a listing', () => {
    renderHeader({ transactionId: null })
    expect(screen.queryByRole('link', { name: /View deal/ })).toBeNull()
  })
})
