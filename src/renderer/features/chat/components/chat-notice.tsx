import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A centred message in place of a thread or a list: empty, not found, not allowed, failed. */
export function ChatNotice({
  icon,
  title,
  text,
  children,
  className,
}: {
  icon: ReactNode
  title: string
  text?: string
  children?: ReactNode
  className?: string
}) {
  return (
    <div role="status" className={cn('flex flex-1 flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400 [&_svg]:size-7">{icon}</span>
      <p className="mt-5 text-lg font-semibold">{title}</p>
      {text && <p className="mt-2 max-w-sm text-sm text-muted-foreground">{text}</p>}
      {children && <div className="mt-5 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  )
}
