export { AdminAuditScreen as default } from '@/features/admin-audit/components/admin-audit-screen'
