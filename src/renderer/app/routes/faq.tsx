export { FaqScreen as default } from '@/features/content/components/faq-screen'
