import { describe, expect, it } from 'vitest'
import { setServerUrlInputSchema } from './contract'
import { isAllowedServerUrl, isLoopbackHost, SERVER_URL_HTTPS_MESSAGE } from './url-rules'

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.10.0.254', '[::1]'])('%s is this computer', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each(['handover.example', 'localhost.example', '128.0.0.1', '10.0.0.1', '192.168.1.2', '[::2]', '127.0.0.1.example'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })
})

describe('isAllowedServerUrl', () => {
  it.each(['https://handover.example', 'https://10.0.0.5:8443/', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'takes %s',
    (url) => {
      expect(isAllowedServerUrl(url)).toBe(true)
    },
  )

  it.each(['http://handover.example', 'http://192.168.1.20:3000', 'ftp://localhost', 'https://user:pw@handover.example', 'localhost:3000', ''])(
    'refuses %j',
    (url) => {
      expect(isAllowedServerUrl(url)).toBe(false)
    },
  )
})

describe("the bridge's server address", () => {
  it('says why a plain-http server elsewhere is refused', () => {
    const result = setServerUrlInputSchema.safeParse({ url: 'http://handover.example' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([SERVER_URL_HTTPS_MESSAGE])
  })

  it('takes https and this computer over http', () => {
    expect(setServerUrlInputSchema.safeParse({ url: 'https://handover.example' }).success).toBe(true)
    expect(setServerUrlInputSchema.safeParse({ url: 'http://localhost:3000' }).success).toBe(true)
  })
})
