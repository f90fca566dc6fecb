export { ContactScreen as default } from '@/features/contact/components/contact-screen'
