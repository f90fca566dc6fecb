import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ERROR_RETRY } from '@shared/constants'
import { LoadGenerationContext } from '@/lib/lazy-page'
import { isQuietError, isRecoverableError } from '../lib/recoverable-error'
import { ErrorScreen } from './error-screen'

interface ErrorBoundaryProps {
  children: ReactNode
  /** Changing this (e.g. the pathname) clears an error, so navigating away leaves the error page. */
  resetKey?: string
}

interface ErrorBoundaryState {
  error: unknown
  hasError: boolean
  retries: number
  /** Bumped on every retry so lazy pages import their chunk again (see lib/lazy-page). */
  generation: number
  resetKey?: string
}

/**
 * SPEC §2/§4: recoverable errors retry on their own after 2 s, up to 3 times; Try Again is offered
 * only for recoverable errors while fewer than 3 retries were made.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false, retries: 0, generation: 0, resetKey: this.props.resetKey }
  private retryTimer: ReturnType<typeof setTimeout> | undefined

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true }
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null
    return { resetKey: props.resetKey, error: null, hasError: false, retries: 0 }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isQuietError(error)) console.debug('Render error (expected state)', error)
    else console.error('Render error', error, info.componentStack)
    this.scheduleAutoRetry(error)
  }

  override componentWillUnmount() {
    clearTimeout(this.retryTimer)
  }

  private scheduleAutoRetry(error: unknown) {
    clearTimeout(this.retryTimer)
    if (!isRecoverableError(error) || this.state.retries >= ERROR_RETRY.max) return
    this.retryTimer = setTimeout(this.retry, ERROR_RETRY.delayMs)
  }

  private retry = () => {
    clearTimeout(this.retryTimer)
    this.setState((state) => ({ error: null, hasError: false, retries: state.retries + 1, generation: state.generation + 1 }))
  }

  override render() {
    const { hasError, error, retries, generation } = this.state
    if (hasError) {
      const recoverable = isRecoverableError(error)
      const canRetry = recoverable && retries < ERROR_RETRY.max
      return <ErrorScreen recoverable={recoverable} canRetry={canRetry} retrying={canRetry} onRetry={this.retry} />
    }
    return <LoadGenerationContext.Provider value={generation}>{this.props.children}</LoadGenerationContext.Provider>
  }
}
