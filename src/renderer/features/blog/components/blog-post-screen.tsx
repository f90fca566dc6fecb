import { Link } from 'react-router-dom'
import { ArrowLeft, Clock, FileX } from 'lucide-react'
import type { BlogPost } from '@shared/api/blog'
import { blogPostText, PAGE_TEXT } from '@shared/seo'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import { ArticleBody } from '@/components/article-body'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { formatLongDate } from '@/lib/dates'
import { useSeo } from '@/lib/seo'
import { useBlogPost } from '../api/get-blog-post'

/** /blog/{id} (SPEC §2): one published post. */
export function BlogPostScreen({ id }: { id: number | null }) {
  const post = useBlogPost(id)
  const missing = id === null || (post.error instanceof ApiError && post.error.status === 404)
  // the same title and description the server wrote into the first answer
  useSeo(
    post.data ? { ...blogPostText(post.data), type: 'article' } : missing ? { ...PAGE_TEXT.blogPostNotFound, noIndex: true } : PAGE_TEXT.blogPost,
  )

  if (missing) return <PostNotFound />
  if (post.isError) {
    return (
      <div className="px-4 py-16">
        <LoadFailedNotice title="Could not load this post" error={post.error} onRetry={() => void post.refetch()} />
      </div>
    )
  }
  if (!post.data) return <PostSkeleton />
  return <Article post={post.data} />
}

function Article({ post }: { post: BlogPost }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-14">
      <Link
        to={paths.blogs}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-mint-700 dark:text-mint-400 hover:underline focus-visible:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All posts
      </Link>
      <header className="mt-6 border-b pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{post.excerpt}</p>
        <p className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>By the Handover team</span>
          <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" /> {post.readingMinutes} min read
          </span>
        </p>
      </header>
      <ArticleBody html={post.html} className="mt-8" />
      <aside aria-labelledby="post-next" className="mt-12 rounded-2xl bg-navy-950 p-6 text-white sm:p-8">
        <h2 id="post-next" className="text-xl font-bold">
          Ready when you are
        </h2>
        <p className="mt-2 text-navy-200">Every account on Handover is bought through escrow: the seller is paid only once the account is yours.</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={{ pathname: paths.home, hash: LISTINGS_ANCHOR }}>Browse accounts</Link>
          </Button>
          <Button asChild variant="outline-inverse">
            <Link to={paths.howItWorks}>How escrow works</Link>
          </Button>
        </div>
      </aside>
    </article>
  )
}

function PostNotFound() {
  return (
    <div className="px-4 py-16">
      <StateNotice
        as="h1"
        icon={<FileX className="size-7" aria-hidden="true" />}
        title="Post not found"
        text={PAGE_TEXT.blogPostNotFound.description}
      >
        <Button asChild variant="primary">
          <Link to={paths.blogs}>All posts</Link>
        </Button>
      </StateNotice>
    </div>
  )
}

function PostSkeleton() {
  return (
    <div role="status" aria-label="Loading post" className="mx-auto w-full max-w-3xl space-y-4 px-4 py-14 sm:px-6">
      <Skeleton className="h-10 w-4/5" />
      <Skeleton className="h-5 w-3/5" />
      <Skeleton className="mt-8 h-64 w-full rounded-2xl" />
    </div>
  )
}
