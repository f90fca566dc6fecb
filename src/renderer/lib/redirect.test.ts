import { describe, expect, it } from 'vitest'
import { safeRedirect, signInPath } from './redirect'

describe('safeRedirect', () => {
  it('keeps paths on this site, query included', () => {
    expect(safeRedirect('/create-listing')).toBe('/create-listing')
    expect(safeRedirect('/listing/12?tab=chat')).toBe('/listing/12?tab=chat')
  })

  it('drops anything that could leave the site', () => {
    for (const value of [
      null,
      '',
      'create-listing',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/ok\n//evil',
      ' /x',
    ]) {
      expect(safeRedirect(value), String(value)).toBeNull()
    }
  })
})

describe('signInPath', () => {
  it('names the way back as an encoded parameter of /login', () => {
    expect(signInPath('/create-listing')).toBe('/login?redirect=%2Fcreate-listing')
  })
})
