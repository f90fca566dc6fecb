import { resolveReversalResultSchema, type ResolveReversalResult } from '@shared/api/admin-payments'
import { apiSend } from '@/lib/api-client'
import { useOrderDecision } from './order-decision'

/** POST /api/admin/payments/orders/{orderId}/resolve-reversal: the money of a reversed payment recovered; a repeat changes nothing. */
export async function resolveReversal(orderId: string, note: string): Promise<ResolveReversalResult> {
  return resolveReversalResultSchema.parse(
    await apiSend<unknown>('POST', `/api/admin/payments/orders/${encodeURIComponent(orderId)}/resolve-reversal`, { note }),
  )
}

export const useResolveReversal = (onSuccess: (result: ResolveReversalResult, orderId: string) => void) =>
  useOrderDecision(resolveReversal, onSuccess)
