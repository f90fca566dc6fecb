import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { transactionKeys } from '@/lib/query-keys'

/** Asks for the deal again: when one of its clocks reaches zero, the server's sweep moves it. */
export function useRefreshDeal(id: number): () => void {
  const client = useQueryClient()
  return useCallback(() => void client.invalidateQueries({ queryKey: transactionKeys.detail(id) }), [client, id])
}
