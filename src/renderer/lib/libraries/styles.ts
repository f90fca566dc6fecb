import { cn } from '@/lib/utils'

/**
 * tailwind-merge builds its tables of Tailwind's classes the first time it merges: done here, in a task of its own
 * ahead of the app (main.tsx), instead of in the middle of the first render.
 */
export function prepareClassMerging(): void {
  cn('p-1', 'p-2')
}
