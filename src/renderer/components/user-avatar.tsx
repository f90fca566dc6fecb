import { cn } from '@/lib/utils'

/** The user's picture, or their initial on the accent colour when they have none. */
export function UserAvatar({ username, avatar, className }: { username: string; avatar: string | null; className?: string }) {
  const base = cn('inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full', className)
  if (avatar) return <img src={avatar} alt="" className={cn(base, 'object-cover')} />
  return (
    <span aria-hidden="true" className={cn('bg-mint-400 text-sm font-bold text-navy-950 uppercase', base)}>
      {username.slice(0, 1)}
    </span>
  )
}
