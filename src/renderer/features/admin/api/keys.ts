import { adminKeys, transactionKeys } from '@/lib/query-keys'
import type { ConversationFilters } from '../lib/conversation-filters'

/**
 * The admin area's key factory, under the shared admin root (the review queue's key lives there too). Disputes sit
 * under the transactions root instead, so a step taken on a deal anywhere in the app refreshes them.
 */
export const adminQueryKeys = {
  all: adminKeys.all,
  stats: (days: number) => [...adminKeys.stats(), days] as const,
  withdrawals: (page: number) => [...adminKeys.withdrawals(), 'requested', page] as const,
  conversationLists: () => [...adminKeys.all, 'conversations'] as const,
  conversations: (filters: ConversationFilters) => [...adminQueryKeys.conversationLists(), filters] as const,
  disputes: () => [...transactionKeys.all, 'admin-disputes'] as const,
  evidence: (transactionId: number) => [...transactionKeys.all, 'admin-evidence', transactionId] as const,
}
