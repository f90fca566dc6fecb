export { TrustapIntegrationScreen as default } from '@/features/payments/components/trustap-integration-screen'
