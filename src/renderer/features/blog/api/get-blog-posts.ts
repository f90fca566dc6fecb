import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { blogPostSummaryListSchema, type BlogPostSummary } from '@shared/api/blog'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { blogEndpoints } from '@shared/api/endpoints/blog'
import { apiWithHeaders } from '@/lib/api'
import { blogKeys } from '@/lib/query-keys'

export interface BlogPage {
  items: BlogPostSummary[]
  /** every published post, from X-Total-Count */
  total: number
}

/** GET /api/blog?page=: published posts, newest first. */
export async function getBlogPosts(page: number, signal?: AbortSignal): Promise<BlogPage> {
  const { body, headers } = await apiWithHeaders(blogEndpoints.getBlog, { query: { page } }, { signal })
  const items = blogPostSummaryListSchema.parse(body ?? [])
  const total = Number(headers.get(TOTAL_COUNT_HEADER))
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length }
}

export const blogPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => getBlogPosts(page, signal),
    // the previous page stays on screen while the next loads, so paging does not flash skeletons
    placeholderData: keepPreviousData,
  })

export const useBlogPosts = (page: number) => useQuery(blogPostsQueryOptions(page))
