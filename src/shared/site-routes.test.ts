import { describe, expect, it } from 'vitest'
import { isAppPath, SPEC_ROUTES } from './site-routes'

describe('paths the app has a screen for', () => {
  it('takes every route of the table, its parameters filled with anything, in any case, with a trailing slash', () => {
    for (const path of SPEC_ROUTES) expect(isAppPath(path), path).toBe(true)
    for (const path of ['/auth', '/listing/abc', '/chat/x-y', '/FAQ', '/faq/', '/Buy-YouTube-Accounts', '/admin/blog/new'])
      expect(isAppPath(path), path).toBe(true)
  })

  it('refuses any other path, a missing or an extra segment', () => {
    for (const path of [
      '/nonexistent-page',
      '/.git/config',
      '/listing',
      '/listing/',
      '/listing/1/2',
      '/faqs',
      '/xfaq',
      '/admin/x/y',
      '/auth/x',
      '//faq',
    ]) {
      expect(isAppPath(path), path).toBe(false)
    }
  })
})
