import { resolveReversalResultSchema, type ResolveReversalResult } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { useOrderDecision } from './order-decision'

/** POST /api/admin/payments/orders/{orderId}/resolve-reversal: the money of a reversed payment recovered; a repeat changes nothing. */
export async function resolveReversal(orderId: string, note: string): Promise<ResolveReversalResult> {
  return resolveReversalResultSchema.parse(await api(adminEndpoints.postAdminPaymentsOrdersResolveReversal, { params: { orderId }, body: { note } }))
}

export const useResolveReversal = (onSuccess: (result: ResolveReversalResult, orderId: string) => void) =>
  useOrderDecision(resolveReversal, onSuccess)
