import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminBlogPostListSchema, adminBlogPostSchema, blogPreviewSchema, type AdminBlogPost, type AdminBlogPostRow } from '@shared/api/blog'
import { blogEndpoints } from '@shared/api/endpoints/blog'
import { api, apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'

export type AdminBlogPage = Page<AdminBlogPostRow>

/** GET /api/admin/blog: every post, drafts included, the latest edited first. */
export async function getAdminBlogPosts(page: number, signal?: AbortSignal): Promise<AdminBlogPage> {
  const { body, headers } = await apiWithHeaders(blogEndpoints.getAdminBlog, { query: { page } }, { signal })
  const items = body === null ? [] : adminBlogPostListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const useAdminBlogPosts = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.blogList(page),
      queryFn: ({ signal }) => getAdminBlogPosts(page, signal),
      // another admin may have written meanwhile
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  )

/** GET /api/admin/blog/{id}: the Markdown and state of one post. */
export async function getAdminBlogPost(id: number, signal?: AbortSignal): Promise<AdminBlogPost> {
  return adminBlogPostSchema.parse(await api(blogEndpoints.getAdminBlogById, { params: { id } }, { signal }))
}

export const useAdminBlogPost = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.blogDetail(id ?? 0),
    queryFn: ({ signal }) => getAdminBlogPost(id ?? 0, signal),
    enabled: id !== null,
    // the form is built from it once; a background refetch must not replace what is being typed
    staleTime: Infinity,
    refetchOnReconnect: false,
  })

/**
 * POST /api/admin/blog/preview: the server's own rendering of the text, so the preview is exactly what readers
 * get. Read as a query keyed by the (debounced) text: it changes nothing, and typing back an earlier text is instant.
 */
export const useBlogPreview = (body: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.blogPreview(body),
    queryFn: async ({ signal }) => blogPreviewSchema.parse(await api(blogEndpoints.postAdminBlogPreview, { body: { body } }, { signal })).html,
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  })
