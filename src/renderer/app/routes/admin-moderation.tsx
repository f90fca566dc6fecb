export { AdminModerationScreen as default } from '@/features/admin/components/admin-moderation-screen'
