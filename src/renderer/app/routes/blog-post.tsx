import { useParams } from 'react-router-dom'
import { BlogPostScreen } from '@/features/blog/components/blog-post-screen'

/** /blog/{id}; an id no post can have (not a number) shows "Post not found" without asking the server. */
export default function BlogPostRoute() {
  const { id = '' } = useParams()
  const postId = /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null
  return <BlogPostScreen key={id} id={postId} />
}
