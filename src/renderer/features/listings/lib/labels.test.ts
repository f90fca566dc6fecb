import { describe, expect, it } from 'vitest'
import { audienceLabel, emptyMessage } from './labels'

describe('audienceLabel', () => {
  it('says Subscribers for YouTube and Followers elsewhere', () => {
    expect(audienceLabel('youtube')).toBe('Subscribers')
    expect(audienceLabel('tiktok')).toBe('Followers')
    expect(audienceLabel('telegram')).toBe('Followers')
  })
})

describe('emptyMessage', () => {
  it('names the chosen platform', () => {
    expect(emptyMessage('instagram')).toContain('No Instagram accounts')
    expect(emptyMessage(null)).not.toContain('Instagram')
  })
})
