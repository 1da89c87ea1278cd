import { useEffect, useId, useRef, useState } from 'react'
import { apiUrl } from '../../lib/api-files'
import './report-menu.css'

interface Report {
  label: string
  action: string
}

/** docs/product.md#reports: the export of everything, and the invoices of this year and the last. */
function reportsFor(year: number): Report[] {
  return [
    { label: 'All enrollments (Excel)', action: apiUrl('POST /api/reports/export') },
    {
      label: `Invoices ${year} (Excel)`,
      action: apiUrl('POST /api/reports/invoices/{year}', { params: { year } }),
    },
    {
      label: `Invoices ${year - 1} (Excel)`,
      action: apiUrl('POST /api/reports/invoices/{year}', { params: { year: year - 1 } }),
    },
  ]
}

/**
 * The admin header's report downloads: each item posts its own form carrying the ID token in
 * the field bearer_token, so the browser saves the Excel file the answer is.
 */
export function ReportMenu({ year, token }: { year: number; token: string }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }

  useEffect(() => {
    const menu = root.current
    if (!open || !menu) return
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && menu.contains(target))
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false)
    }
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && outside(event.relatedTarget)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    menu.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
      menu.removeEventListener('focusout', onFocusOut)
    }
  }, [open])

  return (
    <div className="report-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Reports
      </button>
      <ul id={menuId} className="report-menu__list" hidden={!open}>
        {reportsFor(year).map((report) => (
          <li key={report.action}>
            <form method="post" action={report.action} onSubmit={close}>
              <input type="hidden" name="bearer_token" value={token} />
              <button type="submit" className="report-menu__item">
                {report.label}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  )
}
