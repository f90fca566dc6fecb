export { AdminContactScreen as default } from '@/features/admin/components/admin-contact-screen'
