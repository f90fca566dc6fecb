import { lazy, Suspense, useEffect, useState } from 'react'
import { toastStore, useToast } from '@/hooks/use-toast'
import { QuietBoundary } from '@/components/quiet-boundary'

// Radix Toast and the layers under it are about 5 KiB gzipped that no page needs before its first toast:
// the stack (and its F8 "Notifications" region) loads with the first toast and then stays mounted.
const ToastStack = lazy(() => import('./toast-stack').then((module) => ({ default: module.ToastStack })))

/** Renders the toast store; owns the 30 s sweep and clears everything when the page unloads. */
export function Toaster() {
  const { toasts } = useToast()
  const [shown, setShown] = useState(false)
  if (!shown && toasts.length > 0) setShown(true)

  useEffect(() => {
    const stopSweeper = toastStore.startSweeper()
    const clear = () => toastStore.clear()
    window.addEventListener('pagehide', clear)
    return () => {
      stopSweeper()
      window.removeEventListener('pagehide', clear)
    }
  }, [])

  if (!shown) return null
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <ToastStack />
      </Suspense>
    </QuietBoundary>
  )
}
