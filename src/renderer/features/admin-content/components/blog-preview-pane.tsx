import { ArticleBody } from '@/components/article-body'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/api-client'
import { useBlogPreview } from '../api/blog-posts'

/** The post as readers will see it: rendered and sanitised by the server, title and summary on top. */
export function BlogPreviewPane({ title, excerpt, body }: { title: string; excerpt: string; body: string }) {
  const preview = useBlogPreview(body, body.trim().length > 0)
  return (
    <div className="rounded-2xl border bg-card p-5 sm:p-8" aria-busy={preview.isFetching} data-testid="blog-preview">
      <p className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{title.trim() || 'Untitled post'}</p>
      {excerpt.trim() && <p className="mt-3 text-lg text-muted-foreground">{excerpt.trim()}</p>}
      <div className="mt-6 border-t pt-6">
        {!body.trim() ? (
          <p className="text-muted-foreground">Nothing to preview yet: write the post first.</p>
        ) : preview.isError ? (
          <p role="alert" className="text-destructive">
            {describeError(preview.error, 'The preview could not be made.')}
          </p>
        ) : preview.data === undefined ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : (
          <ArticleBody html={preview.data} />
        )}
      </div>
    </div>
  )
}
