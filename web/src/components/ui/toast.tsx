import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { pausableTimer } from './pausable-timer'

export const TOAST_MS = 7000

interface Toast {
  id: number
  kind: 'success' | 'error'
  message: string
}

interface ToastApi {
  success(message: string): void
  error(message: string): void
}

const ToastContext = createContext<ToastApi | null>(null)

/**
 * Short notices in a corner for 7 seconds, each with a Dismiss button; errors are announced
 * assertively. A notice stays while the pointer is on it or it has the focus, so there is time
 * to read it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)),
    [],
  )
  const show = useCallback((kind: Toast['kind'], message: string) => {
    const id = next.current++
    setToasts((all) => [...all, { id, kind, message }])
  }, [])
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
    }),
    [show],
  )
  return (
    <ToastContext value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastNotice key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  )
}

function ToastNotice({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const timer = useRef<ReturnType<typeof pausableTimer> | undefined>(undefined)
  const hovered = useRef(false)
  const focused = useRef(false)
  useEffect(() => {
    const started = pausableTimer(TOAST_MS, () => onDismiss(toast.id))
    timer.current = started
    return started.cancel
  }, [toast.id, onDismiss])
  const hold = (change: () => void) => {
    change()
    if (hovered.current || focused.current) timer.current?.pause()
    else timer.current?.resume()
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the timer
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => hold(() => (hovered.current = true))}
      onMouseLeave={() => hold(() => (hovered.current = false))}
      onFocus={() => hold(() => (focused.current = true))}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return
        hold(() => (focused.current = false))
      }}
    >
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  )
}

export function useToast(): ToastApi {
  const api = use(ToastContext)
  if (!api) throw new Error('useToast must be used inside ToastProvider')
  return api
}
