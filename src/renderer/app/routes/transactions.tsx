export { TransactionsScreen as default } from '@/features/transactions/components/transactions-screen'
