import type { ComponentType } from 'react'
import { RadioGroup } from 'radix-ui'
import type { LivePlatform } from '@shared/api/listings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { PLATFORMS, type PlatformId } from '@/config/platforms'
import { cn } from '@/lib/utils'

export type PlatformIconComponent = ComponentType<{ platform: PlatformId; className?: string }>

interface PlatformPickerProps {
  id: string
  labelledBy: string
  value: LivePlatform | ''
  onChange: (platform: LivePlatform) => void
  icon: PlatformIconComponent
  invalid: boolean
  describedBy?: string
}

/** The six live platforms as a radio group of tiles in their brand colours (Gaming is not listable yet). */
export function PlatformPicker({ id, labelledBy, value, onChange, icon: Icon, invalid, describedBy }: PlatformPickerProps) {
  return (
    <RadioGroup.Root
      id={id}
      value={value}
      onValueChange={(next) => onChange(next as LivePlatform)}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
    >
      {LIVE_PLATFORMS.map((platform) => {
        const info = PLATFORMS[platform]
        return (
          <RadioGroup.Item
            key={platform}
            value={platform}
            className={cn(
              'flex items-center gap-2.5 rounded-xl border-2 bg-card p-2.5 text-left text-sm leading-tight font-semibold transition-colors outline-none sm:gap-3 sm:p-3',
              // the narrowest phones: the mark above the name, which then has the tile's whole width
              'max-[359px]:flex-col max-[359px]:items-start max-[359px]:gap-1.5',
              'hover:border-navy-300 dark:hover:border-navy-600 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              'data-[state=checked]:border-mint-500 data-[state=checked]:bg-mint-300/15',
              invalid && 'border-destructive/60',
            )}
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-lg text-white sm:size-9"
              style={{ backgroundColor: info.color }}
            >
              <Icon platform={platform} className="size-5" />
            </span>
            <span className="min-w-0 [overflow-wrap:anywhere]">{info.label}</span>
          </RadioGroup.Item>
        )
      })}
    </RadioGroup.Root>
  )
}
