export { AdminAuditScreen as default } from '@/features/admin/components/admin-audit-screen'
