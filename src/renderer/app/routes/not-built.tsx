export { NotBuilt as default } from '@/features/system/components/not-built'
