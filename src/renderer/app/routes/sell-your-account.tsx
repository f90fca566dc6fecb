export { SellYourAccountScreen as default } from '@/features/content/components/sell-your-account-screen'
