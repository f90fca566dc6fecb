// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { saveThemePreference, THEME_STORAGE_KEY } from '@/lib/theme'
import { ThemeSelect } from './theme-select'

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
  document.documentElement.className = ''
})

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name })

describe('ThemeSelect', () => {
  it('is a radio group named Theme with System chosen until something else is saved', () => {
    render(<ThemeSelect />)
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy()
    expect(['Light', 'Dark', 'System'].map((name) => radio(name).checked)).toEqual([false, false, true])
  })

  it('saves and applies a choice, and shows one made elsewhere', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light')
    render(<ThemeSelect />)
    expect(radio('Light').checked).toBe(true)

    fireEvent.click(radio('Dark'))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(radio('Dark').checked).toBe(true)

    // the account menu, another control, chose system
    act(() => saveThemePreference('system'))
    expect(radio('System').checked).toBe(true)
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })

  it('gives each control on the page its own group of radios', () => {
    render(
      <>
        <ThemeSelect />
        <ThemeSelect tone="inverse" showLegend />
      </>,
    )
    const names = new Set(screen.getAllByRole<HTMLInputElement>('radio').map((input) => input.name))
    expect(names.size).toBe(2)
    expect(screen.getAllByRole('radio', { name: 'Dark' })).toHaveLength(2)
  })
})
