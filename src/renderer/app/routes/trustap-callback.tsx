export { TrustapCallbackScreen as default } from '@/features/payments/components/trustap-callback-screen'
