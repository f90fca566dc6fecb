import { describe, expect, it } from 'vitest'
import { WebAuthnError } from '@simplewebauthn/browser'
import { PASSKEY_PROMPT_MESSAGES, passkeyPromptMessage } from './passkeys'

const domError = (name: string) => Object.assign(new Error('browser wording'), { name })

describe('passkeyPromptMessage', () => {
  it('says the prompt was closed for the vague NotAllowedError browsers give for a cancel or a time-out', () => {
    expect(passkeyPromptMessage(domError('NotAllowedError'))).toBe(PASSKEY_PROMPT_MESSAGES.cancelled)
    expect(
      passkeyPromptMessage(new WebAuthnError({ message: 'x', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: domError('NotAllowedError') })),
    ).toBe(PASSKEY_PROMPT_MESSAGES.cancelled)
  })

  it('tells an authenticator already added, a site that cannot ask, and anything else apart', () => {
    expect(
      passkeyPromptMessage(
        new WebAuthnError({ message: 'x', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', cause: domError('InvalidStateError') }),
      ),
    ).toBe(PASSKEY_PROMPT_MESSAGES.alreadyAdded)
    expect(passkeyPromptMessage(domError('SecurityError'))).toBe(PASSKEY_PROMPT_MESSAGES.unsupported)
    expect(passkeyPromptMessage(new Error('boom'))).toBe(PASSKEY_PROMPT_MESSAGES.failed)
    expect(passkeyPromptMessage('not an error')).toBe(PASSKEY_PROMPT_MESSAGES.failed)
  })
})
