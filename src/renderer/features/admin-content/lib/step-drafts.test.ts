import { describe, expect, it } from 'vitest'
import { readSteps, type StepDraft } from './step-drafts'

const drafts = (...titles: string[]): StepDraft[] => titles.map((title, key) => ({ key, title, description: '' }))

describe('reading the checklist editor’s steps', () => {
  it('takes a list of distinct titles, trimmed', () => {
    expect(readSteps(drafts('  Login email changed ', 'Phone number changed'))).toEqual({
      ok: true,
      request: {
        steps: [
          { title: 'Login email changed', description: '' },
          { title: 'Phone number changed', description: '' },
        ],
      },
    })
  })

  it('puts a title that repeats another step, whatever its case and spacing, on the repeating row', () => {
    expect(readSteps(drafts('Login email changed', '2FA reset', 'login email  Changed', '2fa RESET'))).toEqual({
      ok: false,
      errors: {
        fields: { '2.title': '“login email  Changed” is already a step of this list', '3.title': '“2fa RESET” is already a step of this list' },
      },
    })
  })

  it('counts only the characters a reader sees toward a title’s three', () => {
    for (const title of ['\u200b\u200b\u200b', 'a\u200d\u200db', '\u00a0\u00a0\u00a0\u00a0', 'a b']) {
      expect(readSteps(drafts(title)), JSON.stringify(title)).toEqual({
        ok: false,
        errors: { fields: { '0.title': 'Each step needs a title of at least 3 characters' } },
      })
    }
    expect(readSteps(drafts('2FA')).ok).toBe(true)
  })
})
