import { createContext, lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react'
import { PageShown } from './page-shown'

/**
 * React.lazy remembers a failed import forever, so "Try Again" after a chunk-load error would rethrow
 * the same error. The error boundary bumps this generation on retry; each page then builds a fresh
 * lazy component for the new generation, which imports the chunk again.
 */
export const LoadGenerationContext = createContext(0)

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the chunk ahead of navigation (the home page prefetches likely next pages). */
  preload: () => Promise<unknown>
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  const byGeneration = new Map<number, LazyExoticComponent<ComponentType<P>>>()
  function LazyPage(props: P) {
    const generation = useContext(LoadGenerationContext)
    let Component = byGeneration.get(generation)
    if (!Component) {
      Component = lazy(load)
      byGeneration.set(generation, Component)
    }
    return (
      <>
        <Component {...props} />
        <PageShown />
      </>
    )
  }
  // A failed prefetch is harmless: the real navigation imports again and reports its own error.
  LazyPage.preload = () => load().catch(() => undefined)
  return LazyPage
}
