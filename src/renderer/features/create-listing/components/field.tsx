import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import { errorId, fieldId, hintId, labelId } from '../lib/field-ids'
import type { ListingField } from '../lib/form-values'

interface FieldProps {
  field: ListingField
  label: string
  error?: string
  hint?: ReactNode
  /** beside the label, e.g. a character count */
  aside?: ReactNode
  className?: string
  /** the control; it carries `id={fieldId(field)}` and `aria-describedby={describedBy(...)}` */
  children: ReactNode
}

export function Field({ field, label, error, hint, aside, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={fieldId(field)} id={labelId(field)}>
          {label}
        </Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={errorId(field)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId(field)} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

/** A text input with a fixed prefix or suffix ("$", "@", "/ month") drawn inside its border. */
export function Affixed({ prefix, suffix, children }: { prefix?: string; suffix?: string; children: ReactNode }) {
  return (
    <div className="relative">
      {prefix && (
        <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-sm text-muted-foreground" aria-hidden="true">
          {prefix}
        </span>
      )}
      {children}
      {suffix && (
        <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-muted-foreground" aria-hidden="true">
          {suffix}
        </span>
      )}
    </div>
  )
}

/** A titled group of fields. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border bg-card p-4 shadow-sm shadow-navy-900/5 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  )
}
