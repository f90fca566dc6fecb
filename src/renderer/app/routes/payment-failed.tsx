export { PaymentFailedScreen as default } from '@/features/payments/components/payment-outcome-screens'
