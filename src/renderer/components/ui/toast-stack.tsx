import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import { TOASTS } from '@shared/constants'
import { useToast, type ToastVariant } from '@/hooks/use-toast'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast'

const ICONS: Partial<Record<ToastVariant, typeof Info>> = {
  destructive: CircleAlert,
  success: CircleCheck,
  warning: TriangleAlert,
  info: Info,
}

/** The toasts on radix Toast: swipe to dismiss, F8 to reach them, announced to screen readers. */
export function ToastStack() {
  const { toasts, dismiss } = useToast()
  return (
    <ToastProvider duration={TOASTS.durationMs} swipeDirection="right" swipeThreshold={TOASTS.swipeThresholdPx}>
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => {
        const Icon = ICONS[variant]
        return (
          <Toast key={id} variant={variant} open={open} onOpenChange={(next) => !next && dismiss(id)}>
            {Icon && <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
            <div className="grid min-w-0 flex-1 gap-1">
              {title && <ToastTitle>{title}</ToastTitle>}
              {description && <ToastDescription>{description}</ToastDescription>}
            </div>
            {action}
            <ToastClose />
          </Toast>
        )
      })}
      <ToastViewport hotkey={[TOASTS.hotkey]} />
    </ToastProvider>
  )
}
