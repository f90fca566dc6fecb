export { AdminModerationScreen as default } from '@/features/admin-moderation/components/admin-moderation-screen'
