import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountEmailSchema, type AccountEmail } from '@shared/api/account-settings'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** GET /api/settings/email: the address in use, and a new one waiting for its code. */
export async function getAccountEmail(signal?: AbortSignal): Promise<AccountEmail | null> {
  const body = await api(accountSettingsEndpoints.getSettingsEmail, {}, { signal })
  return body === null ? null : accountEmailSchema.parse(body)
}

export const accountEmailQueryOptions = () => queryOptions({ queryKey: accountKeys.email(), queryFn: ({ signal }) => getAccountEmail(signal) })

export const useAccountEmail = (enabled: boolean) => useQuery({ ...accountEmailQueryOptions(), enabled })
