import { describe, expect, it } from 'vitest'
import { decideWindowOpen, isAllowListedHost, isExternalUrlAllowed, isNavigationAllowed, isPermissionAllowed, isTrustedSender } from './security'

const origin = 'http://localhost:3000'

describe('isNavigationAllowed', () => {
  it.each(['http://localhost:3000', 'http://localhost:3000/', 'http://localhost:3000/chat/1?x=2#y', 'HTTP://LOCALHOST:3000/listing/5'])(
    'allows %s on the server origin',
    (url) => {
      expect(isNavigationAllowed(url, origin)).toBe(true)
    },
  )

  it('treats default ports as the same origin', () => {
    expect(isNavigationAllowed('https://app.handover.example:443/x', 'https://app.handover.example')).toBe(true)
  })

  it.each([
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://127.0.0.1:3000/',
    'http://sub.localhost:3000/',
    'http://localhost:3000.evil.example/',
    'http://localhost:3000@evil.example/',
    'http://user@localhost:3000/',
    'http://evil.example/?next=http://localhost:3000',
    'javascript:location="http://localhost:3000"',
    'data:text/html,<script>1</script>',
    'blob:http://localhost:3000/0c1e',
    'file:///etc/passwd',
    'about:blank',
    'devtools://devtools/bundled/inspector.html',
    '/chat/1',
    'not a url',
    '\thttp://localhost:3000/',
    '',
  ])('refuses %j', (url) => {
    expect(isNavigationAllowed(url, origin)).toBe(false)
  })
})

describe('isExternalUrlAllowed', () => {
  it.each([
    'https://trustap.com/',
    'https://checkout.trustap.com/pay?id=1',
    'https://actions.stage.trustap.com/f2f/transactions/7/pay_deposit',
    'https://SSO.Trustap.com/auth',
    'https://youtube.com/@channel',
    'https://www.youtube.com/watch?v=x',
    'https://m.youtube.com/',
    'https://www.instagram.com/someone',
    'https://www.tiktok.com/@someone',
    'https://m.facebook.com/page',
    'https://twitter.com/someone',
    'https://x.com/someone',
    'https://t.me/channel',
    'https://www.t.me/channel',
  ])('allows %s', (url) => {
    expect(isExternalUrlAllowed(url, origin)).toBe(true)
  })

  it('allows pages of the server origin, over http too (the sandbox checkout)', () => {
    expect(isExternalUrlAllowed('http://localhost:3000/sandbox/checkout/9', origin)).toBe(true)
    expect(isExternalUrlAllowed('https://app.handover.example/pay', 'https://app.handover.example')).toBe(true)
    expect(isExternalUrlAllowed('http://localhost:3001/payment', origin)).toBe(false)
  })

  it.each([
    // off the allow-list, or lookalikes of it
    'https://example.com/',
    'https://eviltrustap.com/',
    'https://trustap.com.evil.example/',
    'https://trustap.co/',
    'https://youtube.com.evil.example/',
    'https://notyoutube.com/',
    'https://music.youtube.com/',
    'https://www.m.youtube.com/',
    'https://evil.example/?next=https://youtube.com',
    'https://evil.example/youtube.com',
    'https://t.me.evil.example/',
    'https://xx.com/',
    // allow-listed hosts, but not over plain https on the default port
    'http://checkout.trustap.com/pay',
    'http://youtube.com/',
    'https://youtube.com:8443/',
    'https://[::1]:8443/',
    // never a web page at all
    'javascript:alert(1)',
    'file:///C:/Windows/System32/calc.exe',
    'smb://attacker/share',
    'ms-settings:privacy',
    'mailto:a@b.c',
    'ftp://youtube.com/file',
    'handover://chat/1',
    'data:text/html,x',
    'https://youtube.com@evil.example/',
    'https://user:pass@youtube.com/',
    'https://',
    '//youtube.com',
    '/relative',
    ' https://youtube.com',
    'https://you\ntube.com',
    `https://youtube.com/${'a'.repeat(2100)}`,
  ])('refuses %j', (url) => {
    expect(isExternalUrlAllowed(url, origin)).toBe(false)
  })
})

describe('isAllowListedHost', () => {
  it.each(['trustap.com', 'a.b.trustap.com', 'x.com', 'www.x.com', 'm.tiktok.com', 'WWW.FACEBOOK.COM'])('matches %s', (host) => {
    expect(isAllowListedHost(host)).toBe(true)
  })

  it.each(['trustap.com.', 'xtrustap.com', 'x.com.evil', 'ax.com', 'api.x.com', 'youtube.co', 'www.', ''])(
    'never matches %j by substring',
    (host) => {
      expect(isAllowListedHost(host)).toBe(false)
    },
  )
})

describe('decideWindowOpen', () => {
  it('opens same-origin pages in the app', () => {
    expect(decideWindowOpen('http://localhost:3000/chat/2', origin)).toEqual({ action: 'allow' })
  })

  it('sends allow-listed pages to the system browser', () => {
    expect(decideWindowOpen('https://checkout.trustap.com/x', origin)).toEqual({
      action: 'open-external',
      url: 'https://checkout.trustap.com/x',
    })
  })

  it.each([
    'https://example.com/',
    'http://youtube.com/',
    'about:blank',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'handover://chat/1',
    'http://u:p@localhost:3000/',
  ])('denies %j', (url) => {
    expect(decideWindowOpen(url, origin)).toEqual({ action: 'deny' })
  })
})

describe('isTrustedSender', () => {
  it('trusts frames on the server origin', () => {
    expect(isTrustedSender('http://localhost:3000/messages', origin)).toBe(true)
  })

  it.each([undefined, '', 'about:blank', 'https://evil.example/', 'http://localhost:4000/', 'file:///app/index.html'])('refuses %j', (frameUrl) => {
    expect(isTrustedSender(frameUrl, origin)).toBe(false)
  })
})

describe('isPermissionAllowed', () => {
  it('grants notifications to the server origin', () => {
    expect(isPermissionAllowed('notifications', 'http://localhost:3000/x', origin)).toBe(true)
  })

  it.each(['clipboard-sanitized-write', 'clipboard-read', 'fullscreen', 'media', 'geolocation', 'openExternal', 'hid', ''])(
    'refuses %j even to the server origin',
    (permission) => {
      expect(isPermissionAllowed(permission, 'http://localhost:3000/', origin)).toBe(false)
    },
  )

  it('refuses notifications to other origins', () => {
    expect(isPermissionAllowed('notifications', 'https://evil.example/', origin)).toBe(false)
    expect(isPermissionAllowed('notifications', 'about:blank', origin)).toBe(false)
  })
})
