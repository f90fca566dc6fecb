import { useId, useState, type FormEvent } from 'react'
import { ArrowUpRight, Loader2 } from 'lucide-react'
import { z } from 'zod'
import { dollarsToCents } from '@shared/api/payments'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useActionKeys } from '@/lib/idempotency'
import { formatBalance } from '@/lib/money-display'
import { cn } from '@/lib/utils'
import { useRequestWithdrawal } from '../api/request-withdrawal'
import { centsToAmount, checkWithdrawal, formatCentsBalance } from '../lib/amounts'
import { AmountField } from './amount-field'

const emailCheck = z.string().trim().email().max(254)

/** Ask for a payout: the amount is held from the balance until an admin approves it. */
export function WithdrawDialog({ available }: { available: string | null }) {
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [destination, setDestination] = useState('')
  const [touched, setTouched] = useState({ amount: false, destination: false })
  const keys = useActionKeys()
  const withdraw = useRequestWithdrawal(keys)
  const destinationId = useId()
  const amountCheck = checkWithdrawal(amount, available)
  const emailOk = emailCheck.safeParse(destination).success
  const amountProblem = touched.amount && !amountCheck.ok ? amountCheck.message : null
  const destinationProblem = touched.destination && !emailOk ? 'Enter the email of your payout account' : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched({ amount: true, destination: true })
    if (!amountCheck.ok || !emailOk) return
    withdraw.mutate(
      { amount: centsToAmount(amountCheck.cents), destination: destination.trim() },
      {
        onSuccess: (w) => {
          setOpen(false)
          setAmount('')
          toast({ variant: 'success', title: 'Withdrawal requested', description: `${formatCentsBalance(dollarsToCents(w.amount) ?? 0)} is held until an admin approves the payout.` })
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (withdraw.isPending) return
        setOpen(next)
        if (next) {
          keys.settle()
          withdraw.reset()
          setTouched({ amount: false, destination: false })
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" variant="outline">
          <ArrowUpRight aria-hidden="true" /> Withdraw
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Withdraw</DialogTitle>
        <DialogDescription>
          Available: <strong className="text-foreground tabular-nums">{available === null ? 'checking…' : formatBalance(available)}</strong>. An admin approves each payout;
          until then the amount is held.
        </DialogDescription>
        <form className="mt-5 grid gap-4" onSubmit={submit} noValidate>
          <AmountField
            value={amount}
            onChange={setAmount}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            placeholder="100.00"
            problem={amountProblem}
            hint="At least $10, or your whole balance when it is less."
          />
          <div className="grid gap-1.5">
            <label htmlFor={destinationId} className="text-sm font-medium">
              Payout account email
            </label>
            <Input
              id={destinationId}
              type="email"
              autoComplete="email"
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, destination: true }))}
              aria-invalid={destinationProblem ? true : undefined}
              aria-describedby={`${destinationId}-hint`}
            />
            <p id={`${destinationId}-hint`} className={cn('text-xs', destinationProblem ? 'text-destructive' : 'text-muted-foreground')}>
              {destinationProblem ?? "The email of your account at the payment provider."}
            </p>
          </div>
          {withdraw.isError && (
            <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              {describeError(withdraw.error, 'The withdrawal could not be requested. Please try again.')}
            </p>
          )}
          <Button type="submit" size="lg" variant="primary" disabled={withdraw.isPending}>
            {withdraw.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {withdraw.isPending ? 'Requesting…' : withdraw.isError ? 'Retry: request withdrawal' : 'Request withdrawal'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
