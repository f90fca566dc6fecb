export { BlogListScreen as default } from '@/features/blog/components/blog-list-screen'
