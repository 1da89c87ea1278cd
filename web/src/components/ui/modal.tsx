import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react'
import './modal.css'

export interface ModalProps {
  title: string
  /** A line under the title that names what the dialog shows (read with the title on opening). */
  subtitle?: ReactNode
  /** Escape or the close button: the owner decides whether to close. */
  onRequestClose(): void
  className?: string
  children: ReactNode
  footer?: ReactNode
  /** What has the focus once it opens; by default the browser's choice, the first control. */
  initialFocus?: RefObject<HTMLElement | null>
}

/** A modal dialog on the native <dialog> element: focus is trapped and restored by the browser. */
export function Modal({
  title,
  subtitle,
  onRequestClose,
  className,
  children,
  footer,
  initialFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const subtitleId = useId()
  // A layout effect: its clean-up closes the dialog while it is still in the document, so the
  // browser gives the focus back to what had it before (a passive effect's clean-up runs after
  // React removed the dialog, and the focus was left on the page's body).
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    initialFocus?.current?.focus()
    return () => dialog?.close()
  }, [initialFocus])
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onRequestClose()
      }}
    >
      <header className="modal__header">
        <div className="modal__heading">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {subtitle && (
            <p className="modal__subtitle" id={subtitleId}>
              {subtitle}
            </p>
          )}
        </div>
        <button type="button" className="modal__close" aria-label="Close" onClick={onRequestClose}>
          ×
        </button>
      </header>
      <div className="modal__body">{children}</div>
      {footer && <footer className="modal__footer">{footer}</footer>}
    </dialog>
  )
}
