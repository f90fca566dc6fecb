import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'

interface FormFieldProps {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  /** The control; it must carry `id`, and `aria-describedby={describedBy(id, error)}`. */
  children: ReactNode
  labelAside?: ReactNode
}

export function errorId(id: string): string {
  return `${id}-error`
}

export function describedBy(id: string, error?: string): string | undefined {
  return error ? errorId(id) : undefined
}

export function FormField({ id, label, error, hint, children, labelAside }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={errorId(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  )
}
