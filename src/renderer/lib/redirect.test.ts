import { describe, expect, it } from 'vitest'
import { REDIRECT_MAX_LENGTH, safeRedirect, signInActivity, signInPath } from './redirect'

/** What the sign-in screen reads from its address, as the browser hands the query over (decoded once). */
const fromQuery = (query: string) => new URLSearchParams(query).get('redirect')

describe('safeRedirect', () => {
  it('keeps paths on this site, query and hash included', () => {
    for (const value of [
      '/',
      '/create-listing',
      '/listing/12?tab=chat',
      '/transaction/12',
      '/transactions?status=active&role=seller',
      '/messages?conversation=5',
      '/faq?q=escrow%20fee#payments',
      '/blog/7#comments',
      // a page whose name merely starts like a sign-in page's
      '/login-help',
      '/signups',
      '/admin/chats',
    ]) {
      expect(safeRedirect(value), value).toBe(value)
    }
  })

  it('drops nothing at all, and paths that are not absolute', () => {
    for (const value of [null, undefined, '', 'create-listing', './x', '../x', '?redirect=/x', '#top', '.']) {
      expect(safeRedirect(value), String(value)).toBeNull()
    }
  })

  it('drops another host, however the address is written', () => {
    for (const value of [
      '//evil.com',
      '//evil.com/login',
      '///evil.com',
      '/\\evil.com',
      '\\/evil.com',
      '\\\\evil.com',
      '/\\/evil.com',
      '/x\\..\\..\\evil.com',
      'https://evil.com',
      'https://evil.com/transactions',
      'http:/evil.com',
      'HTTPS://EVIL.COM',
      '//evil.com@handover.test',
      'evil.com',
    ]) {
      expect(safeRedirect(value), value).toBeNull()
    }
  })

  it('drops a scheme that runs code or carries a page', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ]) {
      expect(safeRedirect(value), value).toBeNull()
    }
  })

  it('drops control characters and whitespace, which browsers strip or misread', () => {
    for (const value of ['/ok\n//evil', '/\t/evil.com', '/\r/evil.com', '/x\u0000', '/x\u007f', '/x\u0085', ' /x', '/x ', '/x\u00a0y', '/x\u2028']) {
      expect(safeRedirect(value), JSON.stringify(value)).toBeNull()
    }
  })

  it('judges a query value as the browser decodes it: %2F%2Fevil.com is //evil.com', () => {
    for (const query of [
      'redirect=%2F%2Fevil.com',
      'redirect=%2f%2fevil.com',
      'redirect=%2F%5Cevil.com',
      'redirect=https%3A%2F%2Fevil.com',
      'redirect=javascript%3Aalert(1)',
      'redirect=%2F%09%2Fevil.com',
      'redirect=%2F%0A%2Fevil.com',
      'redirect=%20%2Fx',
    ]) {
      expect(safeRedirect(fromQuery(query)), query).toBeNull()
    }
    expect(safeRedirect(fromQuery('redirect=%2Ftransaction%2F12'))).toBe('/transaction/12')
  })

  it('drops a path that turns into another host when percent-decoded once more', () => {
    for (const value of ['/%2F%2Fevil.com', '/%2fevil.com', '/%5Cevil.com', '/%5cevil.com', '/%09/evil.com', '/%0A/evil.com', '/x%00', '/%E0%A4%A']) {
      expect(safeRedirect(value), value).toBeNull()
    }
  })

  it('drops the sign-in pages themselves, however written', () => {
    for (const value of [
      '/login',
      '/login/',
      '/LOGIN',
      '/login?redirect=%2Ftransactions',
      '/login#x',
      '/signup',
      '/Signup//',
      '/auth',
      '/auth?redirect=%2Fcreate-listing',
      '/forgot-password',
      '/reset-password?token=abc',
      '/unlock-account',
      '/admin',
      '/admin-login',
      '/%6Cogin',
      '/x/../login',
      '/./signup',
      '/x/%2E%2E/login',
    ]) {
      expect(safeRedirect(value), value).toBeNull()
    }
  })

  it('drops a value longer than any address of ours', () => {
    const long = `/listing/12?q=${'a'.repeat(REDIRECT_MAX_LENGTH)}`
    expect(safeRedirect(long)).toBeNull()
    expect(safeRedirect(`/${'a'.repeat(100_000)}`)).toBeNull()
    const longest = `/${'a'.repeat(REDIRECT_MAX_LENGTH - 1)}`
    expect(safeRedirect(longest)).toBe(longest)
  })
})

describe('signInPath', () => {
  it('names the way back as an encoded parameter of /login', () => {
    expect(signInPath('/create-listing')).toBe('/login?redirect=%2Fcreate-listing')
    expect(signInPath('/transactions?status=active')).toBe('/login?redirect=%2Ftransactions%3Fstatus%3Dactive')
  })

  it('adds why, and the handle of the account being bought', () => {
    expect(signInPath('/transactions', { reason: 'transactions' })).toBe('/login?redirect=%2Ftransactions&reason=transactions')
    expect(signInPath('/listing/12', { reason: 'buy', handle: 'cat.clips_1' })).toBe('/login?redirect=%2Flisting%2F12&reason=buy&handle=cat.clips_1')
  })

  it('leaves out a handle that is not one', () => {
    expect(signInPath('/listing/12', { reason: 'buy', handle: 'Your account is locked, call 555' })).toBe(
      '/login?redirect=%2Flisting%2F12&reason=buy',
    )
    expect(signInPath('/listing/12', { reason: 'buy', handle: '' })).toBe('/login?redirect=%2Flisting%2F12&reason=buy')
  })
})

describe('signInActivity', () => {
  const activity = (query: string) => signInActivity(new URLSearchParams(query))

  it('says what the visitor was doing, from a known reason', () => {
    expect(activity('redirect=%2Flisting%2F12&reason=buy&handle=catclips')).toBe('buy @catclips')
    expect(activity('redirect=%2Flisting%2F12&reason=buy')).toBe('buy this account')
    expect(activity('redirect=%2Flisting%2F12&reason=message')).toBe('message the seller')
    expect(activity('redirect=%2Ftransactions&reason=transactions')).toBe('see your transactions')
    expect(activity('redirect=%2Ftransaction%2F12&reason=transaction')).toBe('see this transaction')
    expect(activity('redirect=%2Fbalance&reason=balance')).toBe('see your balance')
    expect(activity('redirect=%2Fmessages&reason=messages')).toBe('read your messages')
    expect(activity('redirect=%2Fnotifications&reason=notifications')).toBe('see your notifications')
  })

  it('puts no words of a link on the screen: an unknown reason or a handle that is not one says nothing of it', () => {
    expect(activity('redirect=%2Ftransactions&reason=Your+account+is+locked')).toBeNull()
    expect(activity('redirect=%2Ftransactions&reason=toString')).toBeNull()
    expect(activity('redirect=%2Ftransactions&reason=__proto__')).toBeNull()
    expect(activity('redirect=%2Flisting%2F1&reason=buy&handle=%3Cb%3Ecall+us%3C%2Fb%3E')).toBe('buy this account')
    expect(activity(`redirect=%2Flisting%2F1&reason=buy&handle=${'a'.repeat(101)}`)).toBe('buy this account')
  })

  it('says nothing without a way back to finish it on', () => {
    expect(activity('reason=transactions')).toBeNull()
    expect(activity('redirect=%2F%2Fevil.com&reason=buy&handle=catclips')).toBeNull()
    expect(activity('redirect=%2Flogin&reason=transactions')).toBeNull()
  })
})
