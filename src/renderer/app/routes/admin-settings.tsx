export { AdminSettingsScreen as default } from '@/features/admin/components/admin-settings-screen'
