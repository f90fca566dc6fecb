import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { AdminShell } from '@/components/admin/admin-shell'
import { useAdminSettings } from '../api/admin-settings'
import { HandoverStepsEditor } from './handover-steps-editor'
import { SettingsForm } from './settings-form'

/** /admin-settings: the marketplace's settings and each platform's handover checklist. */
export function AdminSettingsScreen() {
  return (
    <AdminShell title="Admin Settings">
      <div className="grid gap-10">
        <MarketplaceSettings />
        <HandoverStepsEditor />
      </div>
    </AdminShell>
  )
}

function MarketplaceSettings() {
  const settings = useAdminSettings()
  if (settings.isPending) return <SettingsSkeleton />
  if (settings.error) {
    return (
      <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
        {describeError(settings.error, 'The settings could not be loaded. Please reload the page.')}
      </p>
    )
  }
  // a fresh copy from the server (after a save) starts a fresh form holding exactly what is stored
  return <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-hidden="true">
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-52 w-full rounded-2xl" />
    </div>
  )
}
