export { AdminDashboardScreen as default } from '@/features/admin/components/admin-dashboard-screen'
