import { useParams } from 'react-router-dom'
import { AdminBlogEditorScreen } from '@/features/admin-content/components/admin-blog-editor-screen'

/** /admin/blog/new (no id) and /admin/blog/{id}; keyed so opening another post starts a fresh form. */
export default function AdminBlogEditorRoute() {
  const { id } = useParams()
  const postId = id === undefined ? null : /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN
  return <AdminBlogEditorScreen key={id ?? 'new'} id={postId} />
}
