import { Link, useSearchParams } from 'react-router-dom'
import { Newspaper, Plus } from 'lucide-react'
import { ADMIN_BLOG_PAGE_SIZE, type AdminBlogPostRow } from '@shared/api/blog'
import { paths } from '@/config/paths'
import { Pager, showingText } from '@/components/pager'
import { StateNotice } from '@/components/state-notice'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { formatShortDateTime } from '@/lib/dates'
import { AdminShell } from '@/components/admin/admin-shell'
import { AdminTable } from '@/components/admin/admin-table'
import { useAdminBlogPosts } from '../api/blog-posts'

const COLUMNS = [{ label: 'Post' }, { label: 'State' }, { label: 'Last edited' }, { label: 'Actions', srOnly: true, className: 'text-right' }]

/** /admin/blog: every post, drafts included, with the way to write a new one. */
export function AdminBlogScreen() {
  return (
    <AdminShell
      title="Blog"
      actions={
        <Button asChild>
          <Link to={paths.adminBlogNew}>
            <Plus aria-hidden="true" /> New post
          </Link>
        </Button>
      }
    >
      <BlogPosts />
    </AdminShell>
  )
}

function BlogPosts() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const posts = useAdminBlogPosts(page)
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {})

  if (posts.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />
  if (posts.isError)
    return (
      <p role="alert" className="rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-destructive">
        {describeError(posts.error, 'The posts could not be loaded.')}
      </p>
    )
  if (posts.data.items.length === 0) {
    return (
      <StateNotice
        icon={<Newspaper className="size-7" aria-hidden="true" />}
        title={page > 1 ? 'No posts on this page' : 'No posts yet'}
        text="Posts are written in Markdown and stay drafts until you publish them."
      >
        <Button asChild variant="primary">
          <Link to={paths.adminBlogNew}>Write the first post</Link>
        </Button>
      </StateNotice>
    )
  }
  const { items, total } = posts.data
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{showingText(page, ADMIN_BLOG_PAGE_SIZE, total, total === 1 ? 'post' : 'posts')}</p>
        <Pager page={page} pages={Math.ceil(total / ADMIN_BLOG_PAGE_SIZE)} onPage={goTo} label="Blog post pages" />
      </div>
      <AdminTable columns={COLUMNS} className="min-w-[40rem]" caption="Blog posts">
        {items.map((post) => (
          <PostRow key={post.id} post={post} />
        ))}
      </AdminTable>
    </div>
  )
}

function PostRow({ post }: { post: AdminBlogPostRow }) {
  return (
    <tr>
      <td className="px-4 py-3">
        <Link to={paths.adminBlogPost(post.id)} className="font-semibold hover:underline focus-visible:underline">
          {post.title}
        </Link>
        <p className="mt-1 line-clamp-2 max-w-xl text-muted-foreground">{post.excerpt}</p>
      </td>
      <td className="px-4 py-3">{post.state === 'published' ? <Badge>Published</Badge> : <Badge variant="secondary">Draft</Badge>}</td>
      <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
        <time dateTime={post.updatedAt}>{formatShortDateTime(post.updatedAt)}</time>
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        <div className="flex justify-end gap-2">
          {post.state === 'published' && (
            <Button asChild size="sm" variant="ghost">
              <Link to={paths.blogPost(post.id)}>
                View<span className="sr-only"> {post.title}</span>
              </Link>
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to={paths.adminBlogPost(post.id)}>
              Edit<span className="sr-only"> {post.title}</span>
            </Link>
          </Button>
        </div>
      </td>
    </tr>
  )
}
