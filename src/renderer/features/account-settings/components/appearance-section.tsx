import { ThemeSelect } from '@/components/theme-select'
import { SettingsSection } from './settings-section'

/** Light, dark or the system's choice: kept in this browser, so it applies before anything is drawn. */
export function AppearanceSection() {
  return (
    <SettingsSection id="appearance" title="Appearance" description="Choose a theme, or follow your device. This browser remembers it.">
      <ThemeSelect showLegend className="max-w-sm" />
    </SettingsSection>
  )
}
