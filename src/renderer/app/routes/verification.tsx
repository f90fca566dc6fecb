export { VerificationScreen as default } from '@/features/content/components/verification-screen'
