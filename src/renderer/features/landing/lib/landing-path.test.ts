import { describe, expect, it } from 'vitest'
import { parseLandingPath } from './landing-path'

describe('parseLandingPath', () => {
  it('reads the live platform landings', () => {
    expect(parseLandingPath('/buy-youtube-accounts')).toEqual({ kind: 'platform', platform: 'youtube' })
    expect(parseLandingPath('/buy-telegram-accounts/')).toEqual({ kind: 'platform', platform: 'telegram' })
  })

  it('gives gaming its coming-soon page and the verified landing its own', () => {
    expect(parseLandingPath('/buy-gaming-accounts')).toEqual({ kind: 'coming-soon', platform: 'gaming' })
    expect(parseLandingPath('/verified-social-media-accounts')).toEqual({ kind: 'verified' })
  })

  it('knows no other path', () => {
    expect(parseLandingPath('/buy-myspace-accounts')).toBeNull()
    expect(parseLandingPath('/')).toBeNull()
  })
})
