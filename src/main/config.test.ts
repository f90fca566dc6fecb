import { describe, expect, it, vi } from 'vitest'
import { DEVELOPMENT_SERVER_URL, resolveServerUrl } from './config'

const BUILT_IN = 'https://handover.example'

describe('resolveServerUrl', () => {
  it("defaults to the build's own server", () => {
    expect(resolveServerUrl(undefined, undefined, BUILT_IN).url.origin).toBe('https://handover.example')
    expect(resolveServerUrl('  ', undefined, DEVELOPMENT_SERVER_URL).url.origin).toBe('http://localhost:3000')
  })

  it('uses the configured http(s) URL', () => {
    expect(resolveServerUrl('https://app.handover.example/', undefined, BUILT_IN).url.origin).toBe('https://app.handover.example')
    expect(resolveServerUrl('http://127.0.0.1:3000', undefined, BUILT_IN).url.origin).toBe('http://127.0.0.1:3000')
  })

  it.each([
    'ftp://files.example',
    'not a url',
    'https://user:pw@app.example',
    'file:///srv/app',
    'http://app.handover.example',
    'http://10.0.0.5:3000',
  ])('rejects %j', (value) => {
    expect(() => resolveServerUrl(value, undefined, BUILT_IN)).toThrow(/HANDOVER_SERVER_URL/)
  })

  it('refuses a build whose own server is plain http elsewhere', () => {
    expect(() => resolveServerUrl(undefined, undefined, 'http://handover.example')).toThrow(/server address must be/)
  })
})

describe('resolveServerUrl with a saved address', () => {
  it('lets HANDOVER_SERVER_URL win over the saved address', () => {
    expect(resolveServerUrl('https://env.example', 'https://saved.example', BUILT_IN)).toEqual({
      url: new URL('https://env.example'),
      fromEnvironment: true,
    })
  })

  it('uses the saved address when the variable is unset or blank', () => {
    expect(resolveServerUrl(undefined, 'https://saved.example', BUILT_IN).url.origin).toBe('https://saved.example')
    expect(resolveServerUrl(' ', 'https://saved.example', BUILT_IN)).toEqual({ url: new URL('https://saved.example'), fromEnvironment: false })
  })

  it.each(['ftp://files.example', 'not a url', 'https://user:pw@app.example', '', 'http://saved.example'])(
    'ignores the saved %j with a log line',
    (saved) => {
      const warn = vi.fn()
      expect(resolveServerUrl(undefined, saved, BUILT_IN, warn).url.origin).toBe('https://handover.example')
      expect(warn).toHaveBeenCalledOnce()
    },
  )
})
