export { AdminLoginScreen as default } from '@/features/admin/components/admin-login-screen'
