import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { AdminBlogPost } from '@shared/api/blog'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { DecisionDialog } from '@/components/admin/decision-dialog'
import { useDeleteBlogPost } from '../api/blog-post-writes'

/** Delete, asked first; back to the list once the post is gone. */
export function DeletePostButton({ post, disabled }: { post: AdminBlogPost; disabled: boolean }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const remove = useDeleteBlogPost()
  const published = post.state === 'published'
  return (
    <>
      <Button variant="ghost" className="text-destructive sm:mr-auto" disabled={disabled || remove.isPending} onClick={() => setOpen(true)}>
        Delete post
      </Button>
      <DecisionDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this post?"
        description={`“${post.title}” is removed for good${published ? ' and disappears from the blog at once' : ''}. The audit log keeps a record of it.`}
        confirmLabel="Delete post"
        destructive
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error, 'The post could not be deleted.') : null}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              toast({ variant: 'success', title: 'Post deleted' })
              navigate(paths.adminBlog, { replace: true })
            },
          })
        }
      />
    </>
  )
}
