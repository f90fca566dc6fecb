import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { AdminShell } from '@/components/admin/admin-shell'
import { DEFAULT_SEARCH, parseModerationSearch, writeModerationSearch, type ModerationSearch, type ModerationTab } from '../lib/moderation-url'
import { ModerationFilterBar } from './moderation-filter-bar'
import { ModerationListingsPanel } from './moderation-listings-panel'
import { ModerationUsersPanel } from './moderation-users-panel'

/** /admin/moderation: users and listings, searched and filtered, with bans, suspensions, verification, flags and deletion. */
export function AdminModerationScreen() {
  return (
    <AdminShell title="Moderation">
      <ModerationWorkspace />
    </AdminShell>
  )
}

function ModerationWorkspace() {
  const [params, setParams] = useSearchParams()
  const search = parseModerationSearch(params)

  // a new search or filter starts at page 1; read from the URL as it is now, so the callback never goes stale
  const onSearch = useCallback(
    (changes: Partial<ModerationSearch>, replace = false) =>
      setParams((current) => writeModerationSearch({ ...parseModerationSearch(current), ...changes, page: changes.page ?? 1 }), { replace }),
    [setParams],
  )
  // each tab has its own statuses: switching starts from a clean search
  const switchTab = (tab: string) => setParams(writeModerationSearch({ ...DEFAULT_SEARCH, tab: tab as ModerationTab }))

  return (
    <Tabs value={search.tab} onValueChange={switchTab}>
      <TabsList className="max-w-sm">
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="listings">Listings</TabsTrigger>
      </TabsList>
      <ModerationFilterBar key={`${search.tab}:${search.q}`} search={search} onChange={onSearch} />
      <TabsContent value="users">{search.tab === 'users' && <ModerationUsersPanel search={search} onSearch={onSearch} />}</TabsContent>
      <TabsContent value="listings">{search.tab === 'listings' && <ModerationListingsPanel search={search} onSearch={onSearch} />}</TabsContent>
    </Tabs>
  )
}
