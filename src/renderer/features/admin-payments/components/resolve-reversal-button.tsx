import { useState } from 'react'
import { CircleCheck } from 'lucide-react'
import { resolveReversalRequestSchema, type AdminPaymentOrderDto, type ResolveReversalResult } from '@shared/api/admin-payments'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useResolveReversal } from '../api/resolve-reversal'
import { dollars } from './monitor-cells'

const noteSchema = resolveReversalRequestSchema.shape.note

const told = (result: ResolveReversalResult, orderId: string) =>
  toast({ variant: result.changed ? 'success' : 'info', title: `Recovered ${orderId}`, description: result.message })

/**
 * A credited payment the provider gave back to the payer, once an operator has recovered its money (from the balance,
 * the deal it funded, or outside Handover): marked so with their note, which the audit log keeps. Nothing moves in
 * the ledger; the order leaves the stuck list.
 */
export function ResolveReversalButton({ order }: { order: AdminPaymentOrderDto }) {
  const [open, setOpen] = useState(false)
  const resolve = useResolveReversal(told)

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Mark ${order.orderId} recovered`}>
        <CircleCheck aria-hidden="true" />
        Mark recovered…
      </Button>
      <DecisionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          resolve.reset()
        }}
        title={`Mark ${dollars(order.amount)} credited to ${order.user.username} recovered?`}
        description={
          <>
            The {order.provider} payment for <span className="font-mono">{order.orderId}</span> was credited on Handover, then given back to the payer
            at the provider. Mark it once the money is back: the order leaves the stuck list. Nothing moves in any balance.
          </>
        }
        confirmLabel="Mark recovered"
        note={{ label: 'How the money was recovered (kept in the audit log)', schema: noteSchema }}
        busy={resolve.isPending}
        error={resolve.error ? describeError(resolve.error, 'The order could not be marked. Try again.') : null}
        onConfirm={(note) => resolve.mutate({ orderId: order.orderId, text: note ?? '' }, { onSuccess: () => setOpen(false) })}
      />
    </>
  )
}
