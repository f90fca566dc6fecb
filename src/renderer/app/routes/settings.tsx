export { SettingsScreen as default } from '@/features/account-settings/components/settings-screen'
