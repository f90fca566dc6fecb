import { Link } from 'react-router-dom'
import { ArrowLeft, FileX } from 'lucide-react'
import { paths } from '@/config/paths'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError, describeError } from '@/lib/api-client'
import { AdminShell } from '@/components/admin/admin-shell'
import { useAdminBlogPost } from '../api/blog-posts'
import { BlogEditor } from './blog-editor'

/** /admin/blog/new and /admin/blog/{id}: `id` null writes a new post; NaN is an address no post has. */
export function AdminBlogEditorScreen({ id }: { id: number | null }) {
  const isNew = id === null
  return (
    <AdminShell
      title={isNew ? 'New post' : 'Edit post'}
      actions={
        <Button asChild variant="ghost">
          <Link to={paths.adminBlog}>
            <ArrowLeft aria-hidden="true" /> All posts
          </Link>
        </Button>
      }
    >
      {isNew ? <BlogEditor /> : <ExistingPost id={id} />}
    </AdminShell>
  )
}

function ExistingPost({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const post = useAdminBlogPost(valid ? id : null)
  if (!valid || (post.error instanceof ApiError && post.error.status === 404)) {
    return (
      <StateNotice icon={<FileX className="size-7" aria-hidden="true" />} title="Post not found" text="It may have been deleted by another admin.">
        <Button asChild variant="primary">
          <Link to={paths.adminBlog}>All posts</Link>
        </Button>
      </StateNotice>
    )
  }
  if (post.isError)
    return (
      <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
        {describeError(post.error, 'The post could not be loaded.')}
      </p>
    )
  if (!post.data) return <Skeleton className="h-96 w-full rounded-2xl" />
  // keyed: the form starts from the stored post each time another one is opened
  return <BlogEditor key={post.data.id} post={post.data} />
}
