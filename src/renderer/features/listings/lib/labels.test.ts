import { describe, expect, it } from 'vitest'
import { audienceLabel, emptyMessage, proxiedImage } from './labels'

describe('audienceLabel', () => {
  it('says Subscribers for YouTube and Followers elsewhere', () => {
    expect(audienceLabel('youtube')).toBe('Subscribers')
    expect(audienceLabel('tiktok')).toBe('Followers')
    expect(audienceLabel('telegram')).toBe('Followers')
  })
})

describe('proxiedImage', () => {
  it('sends the encoded original URL through the image proxy', () => {
    expect(proxiedImage('https://cdn.example.com/a b.png?x=1&y=2')).toBe(
      '/api/proxy/image?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fx%3D1%26y%3D2',
    )
  })
})

describe('emptyMessage', () => {
  it('names the chosen platform', () => {
    expect(emptyMessage('instagram')).toContain('No Instagram accounts')
    expect(emptyMessage(null)).not.toContain('Instagram')
  })
})
