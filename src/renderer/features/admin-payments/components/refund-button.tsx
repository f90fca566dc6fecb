import { useState } from 'react'
import { Undo2 } from 'lucide-react'
import { refundOrderRequestSchema, type AdminPaymentOrderDto, type RefundResult } from '@shared/api/admin-payments'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useRefundOrder } from '../api/refund-order'
import { dollars } from './monitor-cells'

const reasonSchema = refundOrderRequestSchema.shape.reason

const told = (result: RefundResult, orderId: string) =>
  toast({ variant: result.changed ? 'success' : 'info', title: `Refunded ${orderId}`, description: result.message })

/**
 * A payment held for an operator (paid at the provider, never credited) sent back to the payer, asked first with the
 * reason the audit log keeps. The dialog stays open with the server's message when the provider refuses.
 */
export function RefundButton({ order }: { order: AdminPaymentOrderDto }) {
  const [open, setOpen] = useState(false)
  const refund = useRefundOrder(told)

  function confirm(reason: string | undefined) {
    refund.mutate({ orderId: order.orderId, text: reason ?? '' }, { onSuccess: () => setOpen(false) })
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Refund ${order.orderId}`}>
        <Undo2 aria-hidden="true" />
        Refund…
      </Button>
      <DecisionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          refund.reset()
        }}
        title={`Refund ${dollars(order.total)} to ${order.user.username}?`}
        description={
          <>
            The {order.provider} payment for <span className="font-mono">{order.orderId}</span> goes back to the payer; the provider may keep its own
            fee. Nothing is added to any balance on Handover. This cannot be undone.
          </>
        }
        confirmLabel="Refund payment"
        destructive
        note={{ label: 'Reason (kept in the audit log)', schema: reasonSchema }}
        busy={refund.isPending}
        error={refund.error ? describeError(refund.error, 'The payment could not be refunded. Try again.') : null}
        onConfirm={confirm}
      />
    </>
  )
}
