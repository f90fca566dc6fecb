import { Component, type ReactNode } from 'react'

interface QuietBoundaryProps {
  children: ReactNode
  /** shown instead of the children once they failed */
  fallback?: ReactNode
}

/**
 * For a lazily loaded piece the page can live without (the toast stack, the header's account
 * controls): if its chunk fails to load, the page keeps working instead of showing the error screen.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.debug('Optional part not loaded', error)
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children
  }
}
