import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

interface SettingsSectionProps {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
  /** the account's deletion sits apart, in the destructive colour */
  danger?: boolean
}

/** One card of the settings screen, named by its heading for screen readers and in-page links (#id). */
export function SettingsSection({ id, title, description, children, danger = false }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-24 rounded-2xl border bg-card p-5 shadow-sm shadow-navy-900/5 sm:p-6', danger && 'border-destructive/40')}
    >
      <h2 id={`${id}-title`} className={cn('text-lg font-bold tracking-tight', danger && 'text-destructive')}>
        {title}
      </h2>
      <div className="mt-1 text-sm text-muted-foreground">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  )
}

/** An error the server or the browser gave for a whole form, read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  )
}
