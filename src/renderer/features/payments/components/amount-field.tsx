import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

interface AmountFieldProps {
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  placeholder: string
  /** what is wrong with the amount, once worth saying; the hint shows otherwise */
  problem: string | null
  hint: string
}

/** A dollar amount in the deposit and withdraw dialogs: its hint under it turns into the problem when there is one. */
export function AmountField({ value, onChange, onBlur, placeholder, problem, hint }: AmountFieldProps) {
  const id = useId()
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Amount (USD)
      </label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={cn('text-xs', problem ? 'text-destructive' : 'text-muted-foreground')}>
        {problem ?? hint}
      </p>
    </div>
  )
}
