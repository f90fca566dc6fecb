export { EmailPreviewScreen as default } from '@/features/email/components/email-preview-screen'
