export { AdminBlogScreen as default } from '@/features/admin-content/components/admin-blog-screen'
