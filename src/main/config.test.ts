import { describe, expect, it, vi } from 'vitest'
import { resolveServerUrl } from './config'

describe('resolveServerUrl', () => {
  it('defaults to the local server', () => {
    expect(resolveServerUrl(undefined).url.origin).toBe('http://localhost:3000')
    expect(resolveServerUrl('  ').url.origin).toBe('http://localhost:3000')
  })

  it('uses the configured http(s) URL', () => {
    expect(resolveServerUrl('https://app.handover.example/').url.origin).toBe('https://app.handover.example')
  })

  it.each(['ftp://files.example', 'not a url', 'https://user:pw@app.example', 'file:///srv/app'])('rejects %j', (value) => {
    expect(() => resolveServerUrl(value)).toThrow(/HANDOVER_SERVER_URL/)
  })
})

describe('resolveServerUrl with a saved address', () => {
  it('lets HANDOVER_SERVER_URL win over the saved address', () => {
    expect(resolveServerUrl('https://env.example', 'https://saved.example')).toEqual({ url: new URL('https://env.example'), fromEnvironment: true })
  })

  it('uses the saved address when the variable is unset or blank', () => {
    expect(resolveServerUrl(undefined, 'https://saved.example').url.origin).toBe('https://saved.example')
    expect(resolveServerUrl(' ', 'https://saved.example')).toEqual({ url: new URL('https://saved.example'), fromEnvironment: false })
  })

  it.each(['ftp://files.example', 'not a url', 'https://user:pw@app.example', ''])('ignores the saved %j with a log line', (saved) => {
    const warn = vi.fn()
    expect(resolveServerUrl(undefined, saved, warn).url.origin).toBe('http://localhost:3000')
    expect(warn).toHaveBeenCalledOnce()
  })
})
