export { EscrowServiceScreen as default } from '@/features/content/components/escrow-service-screen'
