import { describe, expect, it } from 'vitest'
import { emailChangedNotice, maskEmail } from './account-mail'

describe('the notice to the old address', () => {
  it('shows only the first letter and the domain of the new address', () => {
    expect(maskEmail('dana.new@example.com')).toBe('d***@example.com')
    expect(maskEmail('x@mail.example.org')).toBe('x***@mail.example.org')
    expect(maskEmail('no-at-sign')).toBe('***')
  })

  it('goes to the old address and never spells out the new one', () => {
    const mail = emailChangedNotice('old@example.com', 'dana', 'dana.new@example.com', 'https://handover.example/contact')
    expect(mail.to).toBe('old@example.com')
    expect(mail.text).toContain('d***@example.com')
    expect(mail.text).not.toContain('dana.new')
    expect(mail.text).toContain('https://handover.example/contact')
  })
})
