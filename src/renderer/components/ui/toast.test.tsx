// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { ToastProvider, ToastViewport } from './toast'

afterEach(cleanup)

/** The utility classes that apply at a width, Tailwind's way: unprefixed ones everywhere, `sm:` ones from 640 px. */
function classesAt(el: Element, width: 'phone' | 'sm') {
  const all = el.className.split(/\s+/)
  const base = all.filter((c) => !c.includes(':'))
  return width === 'phone' ? base : [...base, ...all.filter((c) => c.startsWith('sm:')).map((c) => c.slice(3))]
}

describe('ToastViewport', () => {
  it('stacks toasts along the bottom of a phone, where they never cover the page heading, and top-right from sm up', () => {
    render(
      <ToastProvider>
        <ToastViewport />
      </ToastProvider>,
    )
    const viewport = document.querySelector('[data-slot="toast-viewport"]')
    if (!viewport) throw new Error('no toast viewport')
    const phone = classesAt(viewport, 'phone')
    expect(phone).toContain('bottom-0')
    expect(phone.filter((c) => c.startsWith('top-'))).toEqual([])
    const wide = classesAt(viewport, 'sm')
    expect(wide).toContain('top-0')
    expect(wide).toContain('right-0')
    expect(wide).toContain('bottom-auto')
  })
})
