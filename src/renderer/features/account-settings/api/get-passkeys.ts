import { queryOptions, useQuery } from '@tanstack/react-query'
import { passkeyListSchema, type PasskeyDto } from '@shared/api/webauthn'
import { webauthnEndpoints } from '@shared/api/endpoints/webauthn'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** GET /api/auth/webauthn/credentials: the account's passkeys, oldest first. */
export async function getPasskeys(signal?: AbortSignal): Promise<PasskeyDto[] | null> {
  const body = await api(webauthnEndpoints.getAuthWebauthnCredentials, {}, { signal })
  return body === null ? null : passkeyListSchema.parse(body)
}

export const passkeysQueryOptions = () => queryOptions({ queryKey: accountKeys.passkeys(), queryFn: ({ signal }) => getPasskeys(signal) })

export const usePasskeys = () => useQuery(passkeysQueryOptions())
