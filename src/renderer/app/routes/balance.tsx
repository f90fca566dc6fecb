export { BalanceScreen as default } from '@/features/payments/components/balance-screen'
