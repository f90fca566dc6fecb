export { NotificationsScreen as default } from '@/features/notifications/components/notifications-screen'
