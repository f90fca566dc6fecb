// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { SignInRedirect } from './sign-in-redirect'

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/transaction/:id" element={<SignInRedirect reason="transaction" />} />
        <Route path="/messages" element={<SignInRedirect reason="messages" />} />
        <Route path="/login" element={<Location />} />
      </Routes>
    </MemoryRouter>,
  )
  return screen.getByTestId('location').textContent
}

afterEach(cleanup)

describe('SignInRedirect', () => {
  it('sends a visitor to sign in with this address as the way back, and why', () => {
    expect(renderAt('/transaction/12')).toBe('/login?redirect=%2Ftransaction%2F12&reason=transaction')
  })

  it('keeps the query and the hash of the address', () => {
    expect(renderAt('/messages?conversation=5#latest')).toBe('/login?redirect=%2Fmessages%3Fconversation%3D5%23latest&reason=messages')
  })
})
