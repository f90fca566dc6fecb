import { useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Bitcoin, CreditCard, Loader2, Lock, Plus } from 'lucide-react'
import type { ProviderMethod } from '@shared/api/payments'
import { BrowserCheckoutNotice } from '@/components/browser-checkout-notice'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { describeError } from '@/lib/api-client'
import type { BrowserCheckout } from '@/lib/external-checkout'
import { useActionKeys } from '@/lib/idempotency'
import { cn } from '@/lib/utils'
import { goToDepositCheckout, useCreateDeposit } from '../api/create-deposit'
import { centsToAmount, checkDeposit, depositPreview } from '../lib/amounts'
import { AmountField, focusFirstProblem } from './amount-field'

const METHODS: { method: ProviderMethod; label: string; icon: typeof CreditCard }[] = [
  { method: 'card', label: 'Card', icon: CreditCard },
  { method: 'crypto', label: 'Crypto', icon: Bitcoin },
]

/**
 * Add money to the balance at the provider: amount, card or crypto, the processor fee and total before leaving. The
 * desktop app pays in the system browser and waits here instead.
 */
export function DepositDialog() {
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<ProviderMethod>('card')
  const [touched, setTouched] = useState(false)
  // pressed Continue: an empty amount is a problem then, though leaving the empty field is not
  const [submitted, setSubmitted] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [external, setExternal] = useState<BrowserCheckout | null>(null)
  const keys = useActionKeys()
  const deposit = useCreateDeposit(keys)
  const check = checkDeposit(amount)
  const preview = check.ok ? depositPreview(check.cents, method) : null
  const showProblem = !check.ok && (submitted || (touched && amount !== ''))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!check.ok) {
      // committed at once, so the field is marked before it takes the focus
      flushSync(() => {
        setTouched(true)
        setSubmitted(true)
      })
      focusFirstProblem(event.currentTarget)
      return
    }
    setTouched(true)
    setSubmitted(true)
    deposit.mutate(
      { amount: centsToAmount(check.cents), method },
      {
        onSuccess: (checkout) => {
          const opened = goToDepositCheckout(checkout)
          if (opened) setExternal(opened)
          else setLeaving(true)
        },
      },
    )
  }
  const busy = deposit.isPending || leaving

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        setOpen(next)
        if (next) {
          keys.settle()
          deposit.reset()
          setTouched(false)
          setSubmitted(false)
          setExternal(null)
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg">
          <Plus aria-hidden="true" /> Deposit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Deposit to your balance</DialogTitle>
        <DialogDescription>You pay on the provider's secure page and come back here when it is done.</DialogDescription>
        {external ? (
          <div className="mt-5">
            <BrowserCheckoutNotice url={external.url} kind="payment">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Close
              </Button>
            </BrowserCheckoutNotice>
          </div>
        ) : (
          <form className="mt-5 grid gap-4" onSubmit={submit} noValidate>
            <AmountField
              value={amount}
              onChange={setAmount}
              onBlur={() => setTouched(true)}
              placeholder="50.00"
              problem={showProblem && !check.ok ? check.message : null}
              hint="From $5 to $10,000 at a time."
            />
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Pay with</legend>
              <div className="grid grid-cols-2 gap-2">
                {METHODS.map(({ method: value, label, icon: Icon }) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-xl border bg-card p-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      method === value ? 'border-mint-500 bg-mint-300/10 ring-1 ring-mint-500' : 'hover:border-navy-300 dark:hover:border-navy-600',
                    )}
                  >
                    <input
                      type="radio"
                      name="deposit-method"
                      value={value}
                      checked={method === value}
                      onChange={() => setMethod(value)}
                      className="size-4 accent-mint-600"
                    />
                    <Icon className="size-4 text-navy-500 dark:text-navy-300" aria-hidden="true" />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <dl className="grid gap-1.5 rounded-xl bg-muted px-4 py-3 text-sm" aria-live="polite" data-testid="deposit-preview">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Deposit</dt>
                <dd className="tabular-nums">{preview?.amount ?? '—'}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Processor fee</dt>
                <dd className="tabular-nums">{preview?.processorFee ?? '—'}</dd>
              </div>
              <div className="flex justify-between gap-3 border-t pt-1.5 font-bold">
                <dt>Total charged</dt>
                <dd className="tabular-nums">{preview?.total ?? '—'}</dd>
              </div>
            </dl>
            {deposit.isError && (
              <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
                {describeError(deposit.error, 'The deposit could not be started. Please try again.')}
              </p>
            )}
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {leaving
                ? 'Opening secure checkout…'
                : deposit.isPending
                  ? 'Starting…'
                  : preview
                    ? `Continue to pay ${preview.total}`
                    : 'Continue to payment'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
