export { PaymentReturnScreen as default } from '@/features/payments/components/payment-return-screen'
