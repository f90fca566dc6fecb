import { queryOptions, useQuery } from '@tanstack/react-query'
import { twoFactorStatusSchema, type TwoFactorStatus } from '@shared/api/two-factor'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** GET /api/auth/2fa: whether two-factor is on, with which methods, and how many recovery codes are left. */
export async function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus | null> {
  const body = await api(twoFactorEndpoints.getAuth2fa, {}, { signal })
  return body === null ? null : twoFactorStatusSchema.parse(body)
}

export const twoFactorQueryOptions = () => queryOptions({ queryKey: accountKeys.twoFactor(), queryFn: ({ signal }) => getTwoFactor(signal) })

export const useTwoFactor = () => useQuery(twoFactorQueryOptions())
