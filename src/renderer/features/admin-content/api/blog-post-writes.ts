import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminBlogPostSchema, type AdminBlogPost, type BlogPostInput } from '@shared/api/blog'
import { blogEndpoints } from '@shared/api/endpoints/blog'
import { api } from '@/lib/api'
import { adminKeys, blogKeys } from '@/lib/query-keys'

type BlogWrite =
  | { kind: 'create'; input: BlogPostInput }
  | { kind: 'update'; id: number; input: Partial<BlogPostInput> }
  | { kind: 'publish' | 'unpublish'; id: number }

function send(write: BlogWrite): Promise<unknown> {
  switch (write.kind) {
    case 'create':
      return api(blogEndpoints.postAdminBlog, { body: write.input })
    case 'update':
      return api(blogEndpoints.putAdminBlogById, { params: { id: write.id }, body: write.input })
    case 'publish':
      return api(blogEndpoints.postAdminBlogPublish, { params: { id: write.id } })
    case 'unpublish':
      return api(blogEndpoints.postAdminBlogUnpublish, { params: { id: write.id } })
  }
}

/** Every write refreshes the admin list, the public blog and the audit log, each of which it changed. */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.blog() })
    void queryClient.invalidateQueries({ queryKey: blogKeys.all })
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit() })
  }
}

/** Create, save, publish or unpublish; answers the post as now stored. */
export function useBlogWrite() {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: async (write: BlogWrite): Promise<AdminBlogPost> => adminBlogPostSchema.parse(await send(write)),
    onSuccess: (post) => {
      queryClient.setQueryData(adminKeys.blogDetail(post.id), post)
      refresh()
    },
  })
}

/** DELETE /api/admin/blog/{id}. */
export function useDeleteBlogPost() {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: (id: number) => api(blogEndpoints.deleteAdminBlogById, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.blogDetail(id) })
      refresh()
    },
  })
}
