import { browserSupportsWebAuthn, startAuthentication, WebAuthnError } from '@simplewebauthn/browser'
import { stepUpResponseSchema } from '@shared/api/two-factor'
import { authenticationOptionsSchema, passkeySignInSchema, type AuthenticationResponse } from '@shared/api/webauthn'
import { webauthnEndpoints } from '@shared/api/endpoints/webauthn'
import { api } from './api'

/**
 * Passkeys in the browser: signing in (with no password, or as the second step after one) and a step-up. Sign-in
 * forms and dialogs of several features call these, so they live here rather than in one feature.
 */

/** Whether this browser can use passkeys at all; the buttons stay hidden where it cannot. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn()

export const PASSKEY_PROMPT_MESSAGES = {
  cancelled: 'The passkey prompt was closed before a passkey was used. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys here.',
  alreadyAdded: 'This device already holds a passkey for your account: it is in the list.',
  failed: 'Your passkey could not be used. Please try again.',
} as const

/**
 * What to tell the person when the browser's passkey prompt ends without an answer: they closed it or it timed out
 * (NotAllowedError, deliberately vague in browsers), or the site cannot ask for one.
 */
export function passkeyPromptMessage(error: unknown): string {
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : error instanceof Error ? error.name : undefined
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_PROMPT_MESSAGES.cancelled
  if (name === 'NotSupportedError' || name === 'SecurityError') return PASSKEY_PROMPT_MESSAGES.unsupported
  // adding one: the authenticator has one of the passkeys the server listed as already added
  if (name === 'InvalidStateError') return PASSKEY_PROMPT_MESSAGES.alreadyAdded
  return PASSKEY_PROMPT_MESSAGES.failed
}

/** The browser's prompt; its own failures come back as an Error with a message for the person. */
async function promptForPasskey(
  endpoint: typeof webauthnEndpoints.postAuthWebauthnLoginOptions | typeof webauthnEndpoints.postAuthWebauthnStepUpOptions,
): Promise<AuthenticationResponse> {
  const options = authenticationOptionsSchema.parse(await api(endpoint))
  try {
    // the credential's JSON, which the server takes as an open object (browsers may add fields of their own); the
    // browser library's interface for it names its fields only
    return (await startAuthentication({ optionsJSON: options })) as AuthenticationResponse
  } catch (error) {
    throw new Error(passkeyPromptMessage(error), { cause: error })
  }
}

/**
 * Signs in with a passkey: with no password when no sign-in waits for its second factor, or as that second factor
 * after the password (the server knows which from the session). `admin` for the admin form, which signs in admins only.
 */
export async function verifyWithPasskey(options: { admin?: boolean } = {}) {
  const response = await promptForPasskey(webauthnEndpoints.postAuthWebauthnLoginOptions)
  return passkeySignInSchema.parse(
    await api(webauthnEndpoints.postAuthWebauthnLoginVerify, { body: { response, ...(options.admin ? { admin: true } : {}) } }),
  )
}

/** A fresh second factor with a passkey (money and identity changes then ask nothing for 5 minutes). */
export async function stepUpWithPasskey() {
  const response = await promptForPasskey(webauthnEndpoints.postAuthWebauthnStepUpOptions)
  return stepUpResponseSchema.parse(await api(webauthnEndpoints.postAuthWebauthnStepUpVerify, { body: { response } }))
}
