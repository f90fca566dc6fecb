import { queryOptions, useQuery } from '@tanstack/react-query'
import { balanceSchema, type BalanceDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { HIGH_PRIORITY_QUERY } from '@/lib/query-client'
import { balanceKeys } from '@/lib/query-keys'

/** GET /api/balance: available, held for withdrawals, in escrow (decimal strings). */
export async function getBalance(signal?: AbortSignal): Promise<BalanceDto | null> {
  const body = await api(paymentsEndpoints.getBalance, {}, { signal })
  return body === null ? null : balanceSchema.parse(body)
}

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: balanceKeys.summary(), queryFn: ({ signal }) => getBalance(signal), ...HIGH_PRIORITY_QUERY })

export function useBalance(enabled: boolean) {
  return useQuery({ ...balanceQueryOptions(), enabled })
}
