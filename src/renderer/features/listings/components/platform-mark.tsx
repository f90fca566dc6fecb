import { AtSign, Camera, Gamepad2, Music2, Play, Send, ThumbsUp } from 'lucide-react'
import type { PlatformId } from '@/config/platforms'
import { cn } from '@/lib/utils'

// lucide ships no brand logos, and features may not share the home page's drawn marks; these
// generic glyphs stand in until a shared platform icon moves to components/.
const ICONS = {
  youtube: Play,
  instagram: Camera,
  tiktok: Music2,
  facebook: ThumbsUp,
  twitter: AtSign,
  telegram: Send,
  gaming: Gamepad2,
} as const

export function PlatformMark({ platform, className }: { platform: PlatformId; className?: string }) {
  const Icon = ICONS[platform] ?? AtSign
  return <Icon className={cn('size-6', className)} aria-hidden="true" />
}
