import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@shared/api/account-settings'
import { avatarFileProblem } from './avatar-file'

describe('avatarFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(avatarFileProblem({ type, size: ACCOUNT_RULES.avatarMaxBytes })).toBeNull()
  })

  it('names the problem with the server’s own words', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe(ACCOUNT_MESSAGES.avatarType)
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(ACCOUNT_MESSAGES.avatarType)
    expect(avatarFileProblem({ type: 'image/png', size: ACCOUNT_RULES.avatarMaxBytes + 1 })).toBe(ACCOUNT_MESSAGES.avatarSize)
  })
})
