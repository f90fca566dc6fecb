export { AdminContactScreen as default } from '@/features/admin-content/components/admin-contact-screen'
