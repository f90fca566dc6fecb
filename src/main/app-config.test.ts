import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_CONFIG, loadAppConfig } from './app-config'

const packaged = (text: string | null) => ({
  isPackaged: true,
  read: () => {
    if (text === null) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
    return text
  },
})

describe('loadAppConfig', () => {
  it('opens the local server with updates off in development, whatever files lie around', () => {
    expect(loadAppConfig({ isPackaged: false, read: () => '{"serverUrl":"https://elsewhere.example","updateUrl":null}' })).toEqual(DEVELOPMENT_CONFIG)
    expect(DEVELOPMENT_CONFIG).toEqual({ serverUrl: 'http://localhost:3000', updateUrl: null })
  })

  it("takes an installer's server and update feed from its file", () => {
    const config = '{"serverUrl":"https://handover.example","updateUrl":"https://updates.handover.example/desktop"}'
    expect(loadAppConfig(packaged(config))).toEqual({ serverUrl: 'https://handover.example', updateUrl: 'https://updates.handover.example/desktop' })
    expect(loadAppConfig(packaged('{"serverUrl":"https://handover.example","updateUrl":null}')).updateUrl).toBeNull()
  })

  it('stops a packaged app that has no file, naming how to build one', () => {
    expect(() => loadAppConfig(packaged(null))).toThrow(/npm run dist.*HANDOVER_SERVER_URL/)
  })

  it.each([
    ['not JSON', '{serverUrl:', /not JSON/],
    [
      'plain http elsewhere',
      '{"serverUrl":"http://handover.example","updateUrl":null}',
      /serverUrl: A server other than this computer must use https/,
    ],
    ['an http update feed elsewhere', '{"serverUrl":"https://handover.example","updateUrl":"http://updates.example"}', /updateUrl/],
    ['no server', '{"updateUrl":null}', /serverUrl/],
    ['an unknown key', '{"serverUrl":"https://handover.example","updateUrl":null,"devTools":true}', /not valid/],
    ['credentials', '{"serverUrl":"https://u:p@handover.example","updateUrl":null}', /user name or password/],
  ])('refuses a file with %s', (_name, text, reason) => {
    expect(() => loadAppConfig(packaged(text))).toThrow(reason)
  })
})
