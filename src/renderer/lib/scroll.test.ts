// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scrollToSection } from './scroll'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('scrollToSection', () => {
  it('scrolls to the section and moves the focus there, as following an in-page link does', () => {
    document.body.innerHTML = '<button id="browse">Browse</button><section id="listings"><input aria-label="Search"></section>'
    const section = document.getElementById('listings')!
    const scrolled = vi.fn()
    section.scrollIntoView = scrolled
    document.getElementById('browse')!.focus()

    expect(scrollToSection('listings')).toBe(true)
    expect(scrolled).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(section)
    // focusable by script only: it adds no stop of its own to the Tab order
    expect(section.getAttribute('tabindex')).toBe('-1')
  })

  it('glides there, unless asked to jump (a page opening at the section) or the user prefers less motion', () => {
    document.body.innerHTML = '<section id="listings"></section>'
    const scrolled = vi.fn()
    document.getElementById('listings')!.scrollIntoView = scrolled
    const prefersLessMotion = (matches: boolean) => vi.stubGlobal('matchMedia', () => ({ matches }))
    prefersLessMotion(false)
    scrollToSection('listings')
    scrollToSection('listings', { instant: true })
    prefersLessMotion(true)
    scrollToSection('listings')
    vi.unstubAllGlobals()
    expect(scrolled.mock.calls.map(([options]) => (options as ScrollIntoViewOptions).behavior)).toEqual(['smooth', 'auto', 'auto'])
  })

  it('answers false when the section is not there yet', () => {
    expect(scrollToSection('listings')).toBe(false)
  })
})
