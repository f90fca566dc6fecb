import { Link } from 'react-router-dom'
import { Bitcoin, CreditCard, Wallet } from 'lucide-react'
import type { PaymentMethod } from '@shared/fees'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import type { PayOption } from '../lib/pay-options'

const ICONS: Record<PaymentMethod, typeof Wallet> = { balance: Wallet, card: CreditCard, crypto: Bitcoin }

/**
 * The ways to pay as radio cards, each with its processor fee and full total, so the buyer compares whole
 * prices. Native radios: arrow keys move between them and screen readers announce the group.
 */
export function PayOptions({
  options,
  value,
  onChange,
  name,
}: {
  options: readonly PayOption[]
  value: PaymentMethod | null
  onChange: (method: PaymentMethod) => void
  name: string
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">How do you want to pay?</legend>
      {options.map((option) => {
        const Icon = ICONS[option.method]
        const id = `${name}-${option.method}`
        const checked = value === option.method
        return (
          <div key={option.method}>
            <label
              htmlFor={id}
              data-testid={`pay-option-${option.method}`}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked ? 'border-mint-500 bg-mint-300/10 ring-1 ring-mint-500' : 'hover:border-navy-300 dark:hover:border-navy-600',
                !option.available && 'cursor-not-allowed opacity-70',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.method}
                checked={checked}
                disabled={!option.available}
                onChange={() => onChange(option.method)}
                className="mt-1 size-4 accent-mint-600"
                aria-describedby={`${id}-note`}
              />
              <Icon className="mt-0.5 size-5 shrink-0 text-navy-500 dark:text-navy-300" aria-hidden="true" />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{option.label}</span>
                  <span className="font-bold tabular-nums">{option.total}</span>
                </span>
                <span className="text-xs text-muted-foreground">{option.feeLine}</span>
                <span id={`${id}-note`} className={cn('text-xs', option.shortBy ? 'text-amber-800 dark:text-amber-200' : 'text-muted-foreground')}>
                  {option.note}
                </span>
              </span>
            </label>
            {option.shortBy && (
              <p className="mt-1 pl-3 text-xs">
                <Link to={paths.balance} className="font-semibold text-mint-700 dark:text-mint-400 underline-offset-4 hover:underline">
                  Deposit to your balance
                </Link>
              </p>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
