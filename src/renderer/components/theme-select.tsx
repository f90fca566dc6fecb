import { useId } from 'react'
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react'
import { useThemePreference } from '@/hooks/use-theme'
import type { ThemePreference } from '@/lib/theme'
import { cn } from '@/lib/utils'

/** The three choices, in the order every theme control shows them. */
export const THEME_OPTIONS: readonly { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
]

const TONES = {
  default: {
    group: 'border border-input bg-card',
    option: 'text-muted-foreground hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
  },
  // on the navy surfaces (footer, phone menu), which are navy in both themes
  inverse: {
    group: 'bg-white/5 ring-1 ring-white/10',
    option: 'text-navy-200 hover:text-white has-[:checked]:bg-white/15 has-[:checked]:text-white',
  },
} as const

interface ThemeSelectProps {
  className?: string
  tone?: keyof typeof TONES
  /** shows "Theme" above the options; otherwise only screen readers announce the group's name */
  showLegend?: boolean
}

/**
 * Light, Dark or System as a segmented radio group: native radios, so arrow keys, forms and screen readers work
 * as they do everywhere. The choice applies at once and is remembered in this browser (lib/theme.ts).
 */
export function ThemeSelect({ className, tone = 'default', showLegend = false }: ThemeSelectProps) {
  const [preference, setPreference] = useThemePreference()
  const name = useId()
  const styles = TONES[tone]
  return (
    <fieldset data-slot="theme-select" className={cn('min-w-0', className)}>
      <legend className={showLegend ? 'mb-2 text-sm font-medium' : 'sr-only'}>Theme</legend>
      <div className={cn('grid grid-cols-3 gap-1 rounded-xl p-1', styles.group)}>
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              styles.option,
            )}
          >
            <input type="radio" name={name} value={value} checked={preference === value} onChange={() => setPreference(value)} className="sr-only" />
            {/* the narrowest phones fit the three words, not the icons too */}
            <Icon className="size-4 shrink-0 max-[359px]:hidden" aria-hidden="true" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
