// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { PastEndNotice } from './past-end-notice'

afterEach(cleanup)

describe('the past-the-end notice', () => {
  it('counts one row in the singular', () => {
    render(<PastEndNotice page={4} pages={1} total={1} noun={['withdrawal', 'withdrawals']} onPage={() => undefined} />)
    expect(screen.getByText('There is 1 withdrawal, on one page.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Go to page 1$/ })).toBeTruthy()
  })

  it('counts several rows in the plural, with the way to the last page', () => {
    render(<PastEndNotice page={9} pages={3} total={1234} noun={['withdrawal', 'withdrawals']} onPage={() => undefined} />)
    expect(screen.getByText('There are 1,234 withdrawals, on 3 pages.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeTruthy()
  })
})
