export { PaymentMonitorScreen as default } from '@/features/admin/components/payment-monitor-screen'
