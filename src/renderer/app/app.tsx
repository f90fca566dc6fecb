import { startTransition, StrictMode, useState } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { hydrate, type QueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { startHydrating } from '@/lib/hydration'
import { readServerData, useRefreshServerDataForViewer } from '@/lib/server-data'
import { HYDRATION_MISMATCH_LOG } from '@shared/server-data'
import { AppProvider } from './providers/app-provider'
import { createAppRouter } from './router'

function ServerDataRefresh({ hashes }: { hashes: ReadonlySet<string> }) {
  useRefreshServerDataForViewer(hashes)
  return null
}

export function App({ queryClient, serverData }: { queryClient?: QueryClient; serverData?: ReadonlySet<string> }) {
  const [router] = useState(createAppRouter)
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
      {serverData && <ServerDataRefresh hashes={serverData} />}
    </AppProvider>
  )
}

/**
 * Mounts the app in `#root`. A page the server rendered (the website's public pages) arrives with its markup and the
 * data it was rendered with: the app takes that data and hydrates the markup in place. Any other page (private
 * screens, the desktop app's bundled renderer, the offline shell) is rendered here from nothing.
 */
export function mountApp(container: HTMLElement): void {
  const serverState = container.firstElementChild ? readServerData(document) : null
  if (!serverState) {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
    return
  }
  const queryClient = createQueryClient()
  hydrate(queryClient, serverState)
  // who is signed in is asked once the page has hydrated: an answer in the middle would make React hydrate the rest in
  // one go, holding the main thread
  startHydrating(() => void queryClient.prefetchQuery(currentUserQueryOptions()))
  const hashes = new Set(serverState.queries.map((query) => query.queryHash))
  // the page is on screen already: hydrating it may pause for the browser (a tap, a frame) instead of holding the
  // main thread for the whole page at once
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} serverData={hashes} />
      </StrictMode>,
      // React recovers (the part is rendered again here), but the page was slower than it should be: say so, where a
      // developer and the browser checks look, rather than as a global error the app keeps quiet
      { onRecoverableError: (error) => console.error(HYDRATION_MISMATCH_LOG, error) },
    )
  })
}
