import { reviewKeys } from '@/lib/query-keys'

/** The reviews key factory, over the shared roots (a deal's review lives under the transactions root: see lib). */
export const reviewQueryKeys = {
  all: reviewKeys.all,
  sellers: reviewKeys.sellers,
  seller: (sellerId: number, page: number) => [...reviewKeys.sellers(), sellerId, page] as const,
  deal: reviewKeys.deal,
}
