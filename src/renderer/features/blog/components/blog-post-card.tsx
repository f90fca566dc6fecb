import { Link } from 'react-router-dom'
import { ArrowRight, Clock } from 'lucide-react'
import type { BlogPostSummary } from '@shared/api/blog'
import { paths } from '@/config/paths'
import { formatLongDate } from '@/lib/dates'

/** One post in the list: the whole card is the link, its title the link's name. */
export function BlogPostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm shadow-navy-900/5 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden="true" /> {post.readingMinutes} min read
        </span>
      </p>
      <h2 className="mt-3 text-xl font-bold tracking-tight text-balance">
        <Link
          to={paths.blogPost(post.id)}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl group-hover:text-mint-700 dark:group-hover:text-mint-400"
        >
          {post.title}
        </Link>
      </h2>
      <p className="mt-3 flex-1 leading-relaxed text-muted-foreground">{post.excerpt}</p>
      <p aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-mint-700 dark:text-mint-400">
        Read the post <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
      </p>
    </article>
  )
}
