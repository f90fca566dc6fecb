import { cn } from '@/lib/utils'

/** The seller's picture, or their initial on the accent colour; sized by the caller, text included. */
export function SellerAvatar({ username, avatar, className }: { username: string; avatar: string | null; className?: string }) {
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', className)
  if (avatar) return <img src={avatar} alt="" className={cn(base, 'object-cover')} />
  return (
    <span aria-hidden="true" className={cn('bg-mint-400 font-bold text-navy-950 uppercase', base)}>
      {username.slice(0, 1)}
    </span>
  )
}
