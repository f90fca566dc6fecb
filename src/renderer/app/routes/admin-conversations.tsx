export { AdminConversationsScreen as default } from '@/features/admin/components/admin-conversations-screen'
