export { ForgotPasswordScreen as default } from '@/features/auth/components/forgot-password-screen'
