import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ExternalLink } from 'lucide-react'
import { blogPostInputSchema, type AdminBlogPost } from '@shared/api/blog'
import { paths } from '@/config/paths'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { useBlogWrite } from '../api/blog-post-writes'
import { draftChanges, draftFrom, isDirty, type BlogDraft } from '../lib/blog-draft'
import { BlogEditorFields } from './blog-editor-fields'
import { BlogPreviewPane } from './blog-preview-pane'
import { DeletePostButton } from './delete-post-button'

/** Write a post with a preview, save it as a draft, publish or unpublish it, or delete it. */
export function BlogEditor({ post }: { post?: AdminBlogPost }) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<BlogDraft>(() => draftFrom(post))
  const [errors, setErrors] = useState<FieldErrors<BlogDraft>>({})
  const write = useBlogWrite()
  const dirty = isDirty(draft, post)
  const published = post?.state === 'published'

  /** Validates like the server, then stores what changed; answers the post as stored, or null when refused here. */
  async function saved(): Promise<AdminBlogPost | null> {
    const checked = validate(blogPostInputSchema, draft)
    setErrors(checked.errors ?? {})
    if (checked.errors) return null
    if (!post) return write.mutateAsync({ kind: 'create', input: draft })
    return dirty ? write.mutateAsync({ kind: 'update', id: post.id, input: draftChanges(draft, post) }) : post
  }

  async function run(step: 'save' | 'publish' | 'unpublish') {
    try {
      const stored = step === 'unpublish' && post ? await write.mutateAsync({ kind: 'unpublish', id: post.id }) : await saved()
      if (!stored) return
      const after = step === 'publish' ? await write.mutateAsync({ kind: 'publish', id: stored.id }) : stored
      toast({ variant: 'success', title: TOASTS[step] })
      if (!post) navigate(paths.adminBlogPost(after.id), { replace: true })
    } catch {
      // the server's message shows under the buttons (write.error)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void run('save')
  }

  const busy = write.isPending
  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {published ? <Badge>Published</Badge> : <Badge variant="secondary">Draft</Badge>}
        {dirty && <span className="text-muted-foreground">Unsaved changes</span>}
        {published && post && (
          <Link to={paths.blogPost(post.id)} className="inline-flex items-center gap-1 font-medium text-mint-700 dark:text-mint-400 hover:underline">
            View the post <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        )}
      </div>
      <Tabs defaultValue="write" className="gap-4">
        <TabsList aria-label="Write or preview" className="max-w-xs">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write">
          <BlogEditorFields draft={draft} errors={errors} onChange={(change) => setDraft((current) => ({ ...current, ...change }))} />
        </TabsContent>
        <TabsContent value="preview">
          <BlogPreviewPane {...draft} />
        </TabsContent>
      </Tabs>
      {write.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {describeError(write.error, 'The post could not be saved.')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center">
        {post && <DeletePostButton post={post} disabled={write.isPending} />}
        <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row">
          <Button type="submit" variant="outline" disabled={busy || (post !== undefined && !dirty)}>
            {post ? 'Save changes' : 'Save draft'}
          </Button>
          {published ? (
            <Button variant="primary" disabled={busy} onClick={() => void run('unpublish')}>
              Unpublish
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void run('publish')}>
              Publish
            </Button>
          )}
        </div>
      </div>
    </form>
  )
}

const TOASTS = { save: 'Post saved', publish: 'Post published', unpublish: 'Post unpublished: readers no longer see it' } as const
