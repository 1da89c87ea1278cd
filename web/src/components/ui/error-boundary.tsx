import { Component, type ErrorInfo, type ReactNode } from 'react'
import { LoadFailed } from './load-failed'

interface ErrorBoundaryProps {
  children: ReactNode
  /** Called by Retry before the children render again (to start a failed load over). */
  onRetry?(): void
  /** A change (the page's address) clears a failure: another page gets its own chance. */
  resetKey?: unknown
}

/**
 * Catches what its children throw while rendering (a route chunk that did not load, a bug) and
 * shows the generic error with Retry instead of a blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack)
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false })
  }

  retry = () => {
    this.props.onRetry?.()
    this.setState({ failed: false })
  }

  override render() {
    return this.state.failed ? <LoadFailed onRetry={this.retry} /> : this.props.children
  }
}
