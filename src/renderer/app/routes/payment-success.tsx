export { PaymentSuccessScreen as default } from '@/features/payments/components/payment-outcome-screens'
