export { AdminSettingsScreen as default } from '@/features/admin-content/components/admin-settings-screen'
