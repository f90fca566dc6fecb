import { queryOptions, useQuery } from '@tanstack/react-query'
import { withdrawalDtoSchema, type WithdrawalDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { balanceKeys } from '@/lib/query-keys'

/** GET /api/withdrawals: the user's own payout requests with their status. */
export async function getWithdrawals(signal?: AbortSignal): Promise<WithdrawalDto[]> {
  const body = await api(paymentsEndpoints.getWithdrawals, {}, { signal })
  return body === null ? [] : withdrawalDtoSchema.array().parse(body)
}

export const withdrawalsQueryOptions = () =>
  queryOptions({ queryKey: balanceKeys.withdrawals(), queryFn: ({ signal }) => getWithdrawals(signal), staleTime: 30_000 })

export function useWithdrawals(enabled: boolean) {
  return useQuery({ ...withdrawalsQueryOptions(), enabled })
}
