import { RefreshCw } from 'lucide-react'
import type { ReconcileOutcome } from '@shared/api/admin-payments'
import { Button } from '@/components/ui/button'
import { toast, type ToastVariant } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useReconcileOrder, type ReconcileCallbacks } from '../api/reconcile-order'

const VARIANTS: Record<ReconcileOutcome, ToastVariant> = {
  credited: 'success',
  pending: 'info',
  failed: 'warning',
  cancelled: 'info',
  expired: 'info',
  mismatch: 'destructive',
  account_closed: 'warning',
  refunded: 'info',
}

const TOASTS: ReconcileCallbacks = {
  onSuccess: (result, orderId) => toast({ variant: VARIANTS[result.outcome], title: `Reconciled ${orderId}`, description: result.message }),
  onError: (error, orderId) =>
    toast({
      variant: 'destructive',
      title: `Could not reconcile ${orderId}`,
      description: describeError(error, 'The order could not be reconciled. Try again.'),
    }),
}

/**
 * Asks the provider for the order's real state and repairs it (the server credits at most once). One mutation per
 * row, so reconciling one order never disables another's button.
 */
export function ReconcileButton({ orderId }: { orderId: string }) {
  const reconcile = useReconcileOrder(TOASTS)
  return (
    <Button variant="outline" size="sm" onClick={() => reconcile.mutate(orderId)} disabled={reconcile.isPending} aria-label={`Reconcile ${orderId}`}>
      <RefreshCw className={reconcile.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
      {reconcile.isPending ? 'Reconciling…' : 'Reconcile'}
    </Button>
  )
}
