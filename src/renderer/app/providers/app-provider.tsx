import { useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Provider as JotaiProvider } from 'jotai'
import { createQueryClient } from '@/lib/query-client'
import { Toaster } from '@/components/ui/toaster'
import { StepUpDialog } from '@/features/auth/components/step-up-dialog'
import { ErrorBoundary } from '@/features/system/components/error-boundary'

/**
 * App-wide providers. The outer boundary catches what the router's own boundary cannot. A page rendered on the server
 * brings its own query client, holding the data the page was rendered with.
 */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          {children}
          <Toaster />
          <StepUpDialog />
        </JotaiProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
