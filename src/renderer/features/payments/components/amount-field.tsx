import { useId } from 'react'
import { Input } from '@/components/ui/input'

interface AmountFieldProps {
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  placeholder: string
  /** what is wrong with the amount, once worth saying; the hint shows otherwise */
  problem: string | null
  hint: string
}

/** The id of the line under field `id`, for its `aria-describedby`: the problem while there is one, else the hint. */
export const fieldNoteId = (id: string, problem: string | null) => `${id}-${problem ? 'problem' : 'hint'}`

/**
 * The line under a field in the deposit and withdraw dialogs: its hint, or what is wrong. A problem is a new element
 * with role=alert (the keys make it one), so a screen reader says it as it appears, wherever the focus is.
 */
export function FieldNote({ id, problem, hint }: { id: string; problem: string | null; hint: string }) {
  return problem ? (
    <p key="problem" id={fieldNoteId(id, problem)} role="alert" className="text-xs text-destructive">
      {problem}
    </p>
  ) : (
    <p key="hint" id={fieldNoteId(id, problem)} className="text-xs text-muted-foreground">
      {hint}
    </p>
  )
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
        aria-describedby={fieldNoteId(id, problem)}
      />
      <FieldNote id={id} problem={problem} hint={hint} />
    </div>
  )
}

/** The first field marked invalid, after a failed submit: the keyboard and a screen reader land on what to fix. */
export function focusFirstProblem(form: HTMLFormElement) {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
