import { useMutation, useQueryClient } from '@tanstack/react-query'
import { withdrawalDtoSchema, type WithdrawalDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api, apiUrl } from '@/lib/api'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { authKeys, balanceKeys } from '@/lib/query-keys'

export interface WithdrawalInput {
  amount: string
  destination: string
}

/** POST /api/withdrawals {amount, destination}: the amount is held until an admin approves the payout. */
export async function requestWithdrawal(input: WithdrawalInput, keys: ActionKeys): Promise<WithdrawalDto> {
  const endpoint = paymentsEndpoints.postWithdrawals
  const body = { amount: input.amount, destination: input.destination }
  return withdrawalDtoSchema.parse(await api(endpoint, { body }, { headers: idempotencyHeaders(keys, endpoint.method, apiUrl(endpoint), body) }))
}

export function useRequestWithdrawal(keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: WithdrawalInput) => requestWithdrawal(input, keys),
    onSuccess: () => {
      keys.settle()
      void client.invalidateQueries({ queryKey: balanceKeys.all })
      void client.invalidateQueries({ queryKey: authKeys.me() })
    },
  })
}
