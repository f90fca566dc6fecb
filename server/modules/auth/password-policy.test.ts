import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/api/auth'
import { passwordProblem } from './password-policy'

const owner = { username: 'Mira_K', email: 'mira.kowalski@example.com' }

describe('passwordProblem', () => {
  it('wants 8 to 128 characters, counting every character', () => {
    expect(passwordProblem('aB3$eF7', owner)).toBe(AUTH_MESSAGES.passwordShort)
    expect(passwordProblem('tw0 c@ts', owner)).toBeNull()
    expect(passwordProblem('x'.repeat(64) + 'y', owner)).toBeNull()
    expect(passwordProblem('q'.repeat(127) + 'z', owner)).toBeNull()
    expect(passwordProblem('q'.repeat(129), owner)).toBe(AUTH_MESSAGES.passwordLong)
  })

  it('refuses the passwords breaches show most often, whatever their case', () => {
    for (const common of ['password', '12345678', 'qwertyuiop', 'Password1', 'SUNSHINE', 'iloveyou1', 'trustno1']) {
      expect(passwordProblem(common, owner), common).toBe(AUTH_MESSAGES.passwordCommon)
    }
    // the list has short ones too, but those are refused for their length first
    expect(passwordProblem('123456', owner)).toBe(AUTH_MESSAGES.passwordShort)
  })

  it("refuses the owner's username, email and the name before the @, and nothing merely containing them", () => {
    expect(passwordProblem('mira_k12', { ...owner, username: 'MIRA_K12' })).toBe(AUTH_MESSAGES.passwordPersonal)
    expect(passwordProblem('MIRA.KOWALSKI@example.com', owner)).toBe(AUTH_MESSAGES.passwordPersonal)
    expect(passwordProblem('Mira.Kowalski', owner)).toBe(AUTH_MESSAGES.passwordPersonal)
    expect(passwordProblem('mira.kowalski rides a red bike', owner)).toBeNull()
  })

  it('asks for no kinds of characters, and without an owner checks only length and the common list', () => {
    expect(passwordProblem('all lowercase words here', owner)).toBeNull()
    expect(passwordProblem('пароль 🔐 ключ', owner)).toBeNull()
    expect(passwordProblem('mira.kowalski')).toBeNull()
    expect(passwordProblem('letmein1')).toBe(AUTH_MESSAGES.passwordCommon)
  })
})
