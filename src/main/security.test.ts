import { describe, expect, it } from 'vitest'
import {
  decideWindowOpen,
  isExternalUrlAllowed,
  isNavigationAllowed,
  isPermissionAllowed,
  isTrustedSender,
} from './security'

const origin = 'http://localhost:3000'

describe('isNavigationAllowed', () => {
  it.each([
    'http://localhost:3000',
    'http://localhost:3000/',
    'http://localhost:3000/chat/1?x=2#y',
    'HTTP://LOCALHOST:3000/listing/5',
  ])('allows %s on the server origin', (url) => {
    expect(isNavigationAllowed(url, origin)).toBe(true)
  })

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
  it.each(['https://checkout.trustap.com/pay?id=1', 'http://example.com', 'https://пример.рф/путь', 'https://[::1]:8443/'])(
    'allows %s',
    (url) => {
      expect(isExternalUrlAllowed(url)).toBe(true)
    },
  )

  it.each([
    'javascript:alert(1)',
    'file:///C:/Windows/System32/calc.exe',
    'smb://attacker/share',
    'ms-settings:privacy',
    'mailto:a@b.c',
    'ftp://example.com/file',
    'handover://chat/1',
    'data:text/html,x',
    'https://bank.example@evil.example/',
    'https://user:pass@example.com/',
    'https://',
    '//example.com',
    '/relative',
    ' https://example.com',
    'https://exa\nmple.com',
    `https://example.com/${'a'.repeat(2100)}`,
  ])('refuses %j', (url) => {
    expect(isExternalUrlAllowed(url)).toBe(false)
  })
})

describe('decideWindowOpen', () => {
  it('opens same-origin pages in the app', () => {
    expect(decideWindowOpen('http://localhost:3000/chat/2', origin)).toEqual({ action: 'allow' })
  })

  it('sends other http(s) pages to the system browser', () => {
    expect(decideWindowOpen('https://checkout.trustap.com/x', origin)).toEqual({
      action: 'open-external',
      url: 'https://checkout.trustap.com/x',
    })
  })

  it.each(['about:blank', 'javascript:alert(1)', 'file:///etc/passwd', 'handover://chat/1', 'http://u:p@localhost:3000/'])(
    'denies %j',
    (url) => {
      expect(decideWindowOpen(url, origin)).toEqual({ action: 'deny' })
    },
  )
})

describe('isTrustedSender', () => {
  it('trusts frames on the server origin', () => {
    expect(isTrustedSender('http://localhost:3000/messages', origin)).toBe(true)
  })

  it.each([undefined, '', 'about:blank', 'https://evil.example/', 'http://localhost:4000/', 'file:///app/index.html'])(
    'refuses %j',
    (frameUrl) => {
      expect(isTrustedSender(frameUrl, origin)).toBe(false)
    },
  )
})

describe('isPermissionAllowed', () => {
  it('grants the allow-listed permissions to the server origin', () => {
    expect(isPermissionAllowed('notifications', 'http://localhost:3000/x', origin)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'http://localhost:3000', origin)).toBe(true)
  })

  it('refuses other permissions and other origins', () => {
    expect(isPermissionAllowed('media', 'http://localhost:3000/', origin)).toBe(false)
    expect(isPermissionAllowed('geolocation', 'http://localhost:3000/', origin)).toBe(false)
    expect(isPermissionAllowed('notifications', 'https://evil.example/', origin)).toBe(false)
  })
})
