import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminKeys } from '@/lib/query-keys'

/**
 * An admin's decision on one payment order, with the words it carries (a refund's reason, a recovery's note).
 * `onSuccess` belongs to the mutation, not to one `mutate` call: the order's own live event refetches the table and
 * takes the row's button (and its dialog) away before the answer arrives, and the answer must still be told.
 */
export function useOrderDecision<Result>(
  send: (orderId: string, text: string) => Promise<Result>,
  onSuccess: (result: Result, orderId: string) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, text }: { orderId: string; text: string }) => send(orderId, text),
    onSuccess: (result, { orderId }) => onSuccess(result, orderId),
    // whatever the answer, the lists and the stuck counts show the order as it is now
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentMonitor() }),
  })
}
