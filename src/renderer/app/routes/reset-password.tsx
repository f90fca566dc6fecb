export { ResetPasswordScreen as default } from '@/features/auth/components/reset-password-screen'
