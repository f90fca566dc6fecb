import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reconcileResultSchema, type ReconcileResult } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'

/** POST /api/admin/payments/orders/{orderId}/reconcile: the provider is asked; a repeat changes nothing. */
export async function reconcileOrder(orderId: string): Promise<ReconcileResult> {
  return reconcileResultSchema.parse(await api(adminEndpoints.postAdminPaymentsOrdersReconcile, { params: { orderId } }))
}

export interface ReconcileCallbacks {
  onSuccess: (result: ReconcileResult, orderId: string) => void
  onError: (error: Error, orderId: string) => void
}

/**
 * The callbacks belong to the mutation, not to one `mutate` call: the order's own live event can refetch the table
 * and unmount its row's button before the answer arrives, and the answer must still be told.
 */
export function useReconcileOrder({ onSuccess, onError }: ReconcileCallbacks) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reconcileOrder,
    onSuccess,
    onError,
    // whatever the answer, the lists and the stuck counts show the order as it is now
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentMonitor() }),
  })
}
