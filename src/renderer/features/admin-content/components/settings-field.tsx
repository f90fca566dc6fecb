import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export const fieldErrorId = (id: string) => `${id}-error`
export const fieldHintId = (id: string) => `${id}-hint`

interface SettingsFieldProps {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  className?: string
  /** the control; it must carry `id` and `aria-describedby={describedBy(id, …)}` */
  children: ReactNode
}

/** A labelled control with its hint, or its problem when there is one (the problem replaces the hint). */
export function SettingsField({ id, label, hint, error, className, children }: SettingsFieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={fieldHintId(id)} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

export function describedBy(id: string, error: string | undefined, hasHint: boolean): string | undefined {
  if (error) return fieldErrorId(id)
  return hasHint ? fieldHintId(id) : undefined
}

interface AffixInputProps extends ComponentProps<'input'> {
  /** before the value: "$" */
  prefix?: string
  /** after the value: "%", "days" */
  suffix?: string
  invalid?: boolean
}

/** A text box with its unit inside it, so "$" and "%" are never typed and never mistaken. */
export function AffixInput({ prefix, suffix, invalid, className, ...props }: AffixInputProps) {
  return (
    <div className={cn('relative', className)}>
      {prefix && <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm text-muted-foreground">{prefix}</span>}
      <Input
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={invalid ? true : undefined}
        className={cn(prefix && 'pl-7', suffix && 'pr-16')}
        {...props}
      />
      {suffix && <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm text-muted-foreground">{suffix}</span>}
    </div>
  )
}
