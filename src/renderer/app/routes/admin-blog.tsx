export { AdminBlogScreen as default } from '@/features/admin/components/admin-blog-screen'
