export { HowItWorksScreen as default } from '@/features/content/components/how-it-works-screen'
