export { UnlockAccountScreen as default } from '@/features/auth/components/unlock-account-screen'
