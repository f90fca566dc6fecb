import { useEffect } from 'react'
import { useQueryClient, type DehydratedState } from '@tanstack/react-query'
import { SERVER_DATA_ID } from '@shared/server-data'
import { useCurrentUser } from './auth'

/**
 * The data the server rendered this page with, or null when the page came without any (or it cannot be read). It is
 * read once: the element goes, its data now the query client's.
 */
export function readServerData(document: Document): DehydratedState | null {
  const element = document.getElementById(SERVER_DATA_ID)
  const text = element?.textContent
  element?.remove()
  if (!text) return null
  try {
    const data: unknown = JSON.parse(text)
    return data && typeof data === 'object' && Array.isArray((data as DehydratedState).queries) ? (data as DehydratedState) : null
  } catch {
    return null
  }
}

/**
 * The server renders every page as a visitor with no session sees it. Once the browser knows someone is signed in,
 * what the page was rendered with is asked for again, as them (a seller sees their own listing's controls, say).
 */
export function useRefreshServerDataForViewer(hashes: ReadonlySet<string>): void {
  const queryClient = useQueryClient()
  const { isSignedIn } = useCurrentUser()
  useEffect(() => {
    if (!isSignedIn) return
    void queryClient.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) })
  }, [isSignedIn, hashes, queryClient])
}
