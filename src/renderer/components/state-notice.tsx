import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A whole-section state (empty, failed, not found): icon, title, one line, and what to do next. */
export function StateNotice({
  icon,
  title,
  text,
  children,
  as: Heading = 'p',
  className,
}: {
  icon: ReactNode
  title: string
  text: string
  children?: ReactNode
  as?: 'h1' | 'h2' | 'p'
  className?: string
}) {
  return (
    <div
      role="status"
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 dark:border-navy-700 bg-background px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">{icon}</span>
      <Heading className="mt-5 text-xl font-bold">{title}</Heading>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  )
}
