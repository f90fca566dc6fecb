import { describe, expect, it } from 'vitest'
import { resolveServerUrl } from './config'

describe('resolveServerUrl', () => {
  it('defaults to the local server', () => {
    expect(resolveServerUrl(undefined).origin).toBe('http://localhost:3000')
    expect(resolveServerUrl('  ').origin).toBe('http://localhost:3000')
  })

  it('uses the configured http(s) URL', () => {
    expect(resolveServerUrl('https://app.handover.example/').origin).toBe('https://app.handover.example')
  })

  it.each(['ftp://files.example', 'not a url', 'https://user:pw@app.example', 'file:///srv/app'])('rejects %j', (value) => {
    expect(() => resolveServerUrl(value)).toThrow(/HANDOVER_SERVER_URL/)
  })
})
