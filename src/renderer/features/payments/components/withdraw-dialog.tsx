import { useId, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
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
import { useRequestWithdrawal } from '../api/request-withdrawal'
import { centsToAmount, checkWithdrawal, formatCentsBalance } from '../lib/amounts'
import { AmountField, FieldNote, fieldNoteId, focusFirstProblem } from './amount-field'

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!amountCheck.ok || !emailOk) {
      // committed at once, so the fields are marked before the first of them takes the focus
      flushSync(() => setTouched({ amount: true, destination: true }))
      focusFirstProblem(event.currentTarget)
      return
    }
    setTouched({ amount: true, destination: true })
    withdraw.mutate(
      { amount: centsToAmount(amountCheck.cents), destination: destination.trim() },
      {
        onSuccess: (w) => {
          setOpen(false)
          setAmount('')
          toast({
            variant: 'success',
            title: 'Withdrawal requested',
            description: `${formatCentsBalance(dollarsToCents(w.amount) ?? 0)} is held until an admin approves the payout.`,
          })
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
          Available: <strong className="text-foreground tabular-nums">{available === null ? 'checking…' : formatBalance(available)}</strong>. An admin
          approves each payout; until then the amount is held.
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
              aria-describedby={fieldNoteId(destinationId, destinationProblem)}
            />
            <FieldNote id={destinationId} problem={destinationProblem} hint="The email of your account at the payment provider." />
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
