// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MessageText } from './message-text'

afterEach(cleanup)

describe('MessageText', () => {
  it('shows markup as text and makes only http(s) addresses links that open safely', () => {
    const { container } = render(<MessageText content={'<img src=x onerror="alert(1)"> <script>alert(2)</script> see https://example.com/a_b. javascript:alert(3)'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">')
    expect(container.textContent).toContain('<script>alert(2)</script>')
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/a_b')
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })

  it('keeps line breaks', () => {
    const { container } = render(<MessageText content={'first line\nsecond line'} />)
    expect(container.querySelector('p')!.textContent).toBe('first line\nsecond line')
    expect(container.querySelector('p')!.className).toContain('whitespace-pre-wrap')
  })
})
