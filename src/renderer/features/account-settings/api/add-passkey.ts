import { useMutation, useQueryClient } from '@tanstack/react-query'
import { startRegistration } from '@simplewebauthn/browser'
import { passkeyAddedSchema, registrationOptionsSchema, type PasskeyAdded, type RegistrationResponse } from '@shared/api/webauthn'
import { webauthnEndpoints } from '@shared/api/endpoints/webauthn'
import { api } from '@/lib/api'
import { passkeyPromptMessage } from '@/lib/passkeys'
import { accountKeys } from '@/lib/query-keys'

export interface AddPasskeyInput {
  name: string
  /** asked for only while two-factor is off (the server answers `password_required` without it) */
  password?: string
}

/**
 * POST /api/auth/webauthn/register/options, the browser's prompt, then POST …/register/verify. With two-factor on,
 * the first call may be refused for want of a fresh second factor: the step-up dialog asks and sends it again.
 */
export async function addPasskey({ name, password }: AddPasskeyInput): Promise<PasskeyAdded> {
  const options = registrationOptionsSchema.parse(
    await api(webauthnEndpoints.postAuthWebauthnRegisterOptions, { body: password ? { password } : {} }),
  )
  let response: RegistrationResponse
  try {
    // the credential's JSON, which the server takes as an open object (browsers may add fields of their own); the
    // browser library's interface for it names its fields only
    response = (await startRegistration({ optionsJSON: options })) as RegistrationResponse
  } catch (error) {
    throw new Error(passkeyPromptMessage(error), { cause: error })
  }
  return passkeyAddedSchema.parse(await api(webauthnEndpoints.postAuthWebauthnRegisterVerify, { body: { name, response } }))
}

export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addPasskey,
    // the first passkey turns two-factor on, which the section above shows
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
      ]),
  })
}
