export { NotFound as default } from '@/features/system/components/not-found'
