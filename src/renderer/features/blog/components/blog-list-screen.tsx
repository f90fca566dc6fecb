import { Link, useSearchParams } from 'react-router-dom'
import { BookOpen, Newspaper } from 'lucide-react'
import { BLOG_PAGE_SIZE } from '@shared/api/blog'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { PageIntro } from '@/components/page-intro'
import { Pager, showingText } from '@/components/pager'
import { LoadFailedNotice } from '@/components/load-failed-notice'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useSeo } from '@/lib/seo'
import { useBlogPosts } from '../api/get-blog-posts'
import { pageParam, pageSearch } from '../lib/page-param'
import { BlogPostCard } from './blog-post-card'

const GRID = 'grid grid-cols-1 gap-4 sm:gap-5 md:grid-cols-2 lg:grid-cols-3'

/** /blogs (SPEC §2): published posts, newest first, a page at a time (?page=). */
export function BlogListScreen() {
  useSeo(PAGE_TEXT.blogs)
  const [params, setParams] = useSearchParams()
  const page = pageParam(params.get('page'))
  const posts = useBlogPosts(page)
  const pages = Math.max(1, Math.ceil((posts.data?.total ?? 0) / BLOG_PAGE_SIZE))
  const goTo = (next: number) => {
    setParams(new URLSearchParams(pageSearch(next)))
    window.scrollTo({ top: 0 })
  }

  return (
    <>
      <PageIntro
        eyebrow={
          <>
            <BookOpen className="size-3.5" aria-hidden="true" /> Guides from the Handover team
          </>
        }
        title="Blog"
        lede="How to buy, sell and hand over social media accounts safely, written by the people who run the escrow."
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-12 lg:px-8">
        {posts.isPending ? (
          <div className={GRID} role="status" aria-label="Loading posts">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-64 rounded-2xl" />
            ))}
          </div>
        ) : posts.isError ? (
          <LoadFailedNotice title="Could not load the blog" error={posts.error} onRetry={() => void posts.refetch()} />
        ) : posts.data.items.length === 0 ? (
          <EmptyBlog page={page} onFirstPage={() => goTo(1)} />
        ) : (
          <div className="grid gap-6" aria-busy={posts.isPlaceholderData}>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {showingText(page, BLOG_PAGE_SIZE, posts.data.total, posts.data.total === 1 ? 'post' : 'posts')}
            </p>
            <ul className={GRID}>
              {posts.data.items.map((post) => (
                <li key={post.id}>
                  <BlogPostCard post={post} />
                </li>
              ))}
            </ul>
            <div className="flex justify-center">
              <Pager page={page} pages={pages} onPage={goTo} label="Blog pages" />
            </div>
          </div>
        )}
      </div>
    </>
  )
}

function EmptyBlog({ page, onFirstPage }: { page: number; onFirstPage: () => void }) {
  const icon = <Newspaper className="size-7" aria-hidden="true" />
  if (page > 1) {
    return (
      <StateNotice icon={icon} title="No posts on this page" text="This page is past the last post.">
        <Button variant="primary" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </StateNotice>
    )
  }
  return (
    <StateNotice icon={icon} title="No posts yet" text="Our first guides are on their way. Meanwhile, see how a deal works from payment to handover.">
      <Button asChild variant="primary">
        <Link to={paths.howItWorks}>How It Works</Link>
      </Button>
    </StateNotice>
  )
}
