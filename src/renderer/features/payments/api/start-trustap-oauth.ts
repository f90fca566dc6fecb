import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { trustapOAuthStartSchema } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { openProviderPage, providerReturn, type BrowserCheckout } from '@/lib/external-checkout'
import { trustapKeys } from '@/lib/query-keys'
import { START_URL_FRESH_MS, providerUrl } from '../lib/trustap-connection'

/**
 * GET /api/trustap/oauth/start: the Trustap sign-in URL (PKCE, one-time state); 503 when this server has no OAuth
 * client. The desktop app asks for Trustap to send the browser back to its handover:// link.
 */
export async function getTrustapStartUrl(signal?: AbortSignal): Promise<string | null> {
  const { returnTo } = providerReturn()
  const body = await api(paymentsEndpoints.getTrustapOauthStart, { query: { returnTo } }, { signal })
  return body === null ? null : trustapOAuthStartSchema.parse(body).url
}

/**
 * Read when the page opens so it knows, before anyone clicks, whether Trustap is configured (503) at all; the URL is
 * reused by the button while fresh. gcTime 0: a URL whose state was used or has expired must not outlive the page.
 * No retries: a 503 here is an answer, not a hiccup.
 */
export const trustapStartQueryOptions = () =>
  queryOptions({
    queryKey: trustapKeys.start(),
    queryFn: ({ signal }) => getTrustapStartUrl(signal),
    staleTime: START_URL_FRESH_MS,
    gcTime: 0,
    retry: false,
  })

export function useTrustapStart(enabled: boolean) {
  return useQuery({ ...trustapStartQueryOptions(), enabled })
}

/**
 * Connect Trustap: a fresh enough start URL (fetched again if not), then the browser goes there in the same window;
 * from the desktop app the system browser opens it, and the mutation's data is that open page.
 */
export function useConnectTrustap() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (): Promise<BrowserCheckout | null> => {
      const url = providerUrl(await client.fetchQuery(trustapStartQueryOptions()))
      if (!url) throw new Error('The server did not give a Trustap address to go to.')
      return openProviderPage(url)
    },
  })
}
