import { queryOptions, useQuery } from '@tanstack/react-query'
import { blogPostSchema, type BlogPost } from '@shared/api/blog'
import { blogEndpoints } from '@shared/api/endpoints/blog'
import { api } from '@/lib/api'
import { blogKeys } from '@/lib/query-keys'

/** GET /api/blog/{id}: a published post with its server-sanitised HTML. */
export async function getBlogPost(id: number, signal?: AbortSignal): Promise<BlogPost> {
  return blogPostSchema.parse(await api(blogEndpoints.getBlogById, { params: { id } }, { signal }))
}

export const blogPostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: blogKeys.detail(id),
    queryFn: ({ signal }) => getBlogPost(id, signal),
  })

/** null: an address no post can have, which asks the server nothing. */
export const useBlogPost = (id: number | null) => useQuery({ ...blogPostQueryOptions(id ?? 0), enabled: id !== null })
