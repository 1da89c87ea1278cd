import { countText } from '@shared/format/number-text'
import type { TrackingUploadResult } from '@shared/shipping/shipping-schema'
import { TRACKING_COLUMNS } from '@shared/shipping/vendor-layout'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { focusWhenRendered } from '../../components/ui/move-focus'
import { ApiError } from '../../lib/api-client'
import { adminKeys } from '../admin/query/admin-keys'
import { postTracking } from './shipping-calls'
import { shippingKeys } from './shipping-keys'

/** A refused upload: what the server said, and each row's errors, by row of the file. */
export interface UploadRefusal {
  message: string
  rows: Array<{ row: number; label: string; errors: string[] }>
}

/** The refusal of an upload as the server answered it (400: `errors` keyed `row N`). */
export function uploadRefusal(caught: unknown): UploadRefusal {
  if (!(caught instanceof ApiError)) {
    return {
      message: caught instanceof Error ? caught.message : 'The file could not be uploaded.',
      rows: [],
    }
  }
  const errors = (caught.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {}
  const rows = Object.entries(errors)
    .map(([key, value]) => {
      const number = Number(/^row (\d+)$/.exec(key)?.[1] ?? Number.NaN)
      const list = (Array.isArray(value) ? value : [value]).filter(
        (each): each is string => typeof each === 'string',
      )
      return { row: number, label: Number.isNaN(number) ? key : `Row ${number}`, errors: list }
    })
    .sort((a, b) => (a.row || 0) - (b.row || 0))
  return { message: caught.message, rows }
}

type Outcome =
  | { kind: 'done'; result: TrackingUploadResult; file: string }
  | { kind: 'refused'; refusal: UploadRefusal; file: string }

/**
 * The tracking upload (docs/product.md#tracking-upload): a CSV or Excel file of what was shipped.
 * A file with any bad row records nothing: each row's errors are listed, by the row of the file,
 * to correct and upload again; a file taken says what it recorded.
 */
export function TrackingUpload() {
  const id = useId()
  const client = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const resultId = `${id}-result`

  const upload = async () => {
    if (!file) {
      setMissing(true)
      input.current?.focus()
      return
    }
    setBusy(true)
    setMissing(false)
    setOutcome(null)
    try {
      const result = await postTracking(file)
      setOutcome({ kind: 'done', result, file: file.name })
      void client.invalidateQueries({ queryKey: shippingKeys.all() })
      void client.invalidateQueries({ queryKey: adminKeys.enrollments() })
      void client.invalidateQueries({ queryKey: adminKeys.dashboards() })
    } catch (caught) {
      setOutcome({ kind: 'refused', refusal: uploadRefusal(caught), file: file.name })
    } finally {
      setBusy(false)
      focusWhenRendered(() => document.getElementById(resultId))
    }
  }

  return (
    <section className="upload" aria-labelledby={`${id}-heading`}>
      <h2 className="shipping__heading" id={`${id}-heading`}>
        Upload tracking
      </h2>
      <p className="shipping__intro" id={`${id}-hint`}>
        A CSV or Excel (.xlsx) file, one row per package, with these columns in any order, found by
        their headers: {TRACKING_COLUMNS.map((column) => column.header).join(', ')}. A file with any
        bad row records nothing; the same file twice records nothing the second time.
      </p>
      <form
        className="upload__controls"
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault()
          void upload()
        }}
      >
        <div className={`field${missing ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-file`}>
            Tracking file
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="field__input upload__file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={missing ? `${id}-hint ${id}-missing` : `${id}-hint`}
            aria-invalid={missing ? true : undefined}
            onChange={(changed) => {
              setFile(changed.target.files?.[0] ?? null)
              setMissing(false)
            }}
          />
          {missing && (
            <p id={`${id}-missing`} className="field__error">
              Choose the tracking file to upload.
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      <div id={resultId} tabIndex={-1} className="upload__result" aria-live="polite">
        {outcome?.kind === 'done' && <UploadDone file={outcome.file} result={outcome.result} />}
        {outcome?.kind === 'refused' && (
          <UploadRefused file={outcome.file} refusal={outcome.refusal} />
        )}
      </div>
    </section>
  )
}

function UploadDone({ file, result }: { file: string; result: TrackingUploadResult }) {
  return (
    <div className="banner banner--success">
      <p className="banner__title">{file} is uploaded.</p>
      <p>
        {countText(result.rows, 'row', 'rows')} read:{' '}
        {countText(result.added, 'shipment', 'shipments')} recorded now,{' '}
        {countText(result.unchanged, 'row', 'rows')} already recorded.
      </p>
    </div>
  )
}

function UploadRefused({ file, refusal }: { file: string; refusal: UploadRefusal }) {
  return (
    <div className="banner banner--warning">
      <p className="banner__title">{file} was not recorded.</p>
      <p>{refusal.message}</p>
      {refusal.rows.length > 0 && (
        <ul className="upload__errors" aria-label={`Errors in ${file}`}>
          {refusal.rows.map((row) => (
            <li key={row.label}>
              <strong>{row.label}:</strong> {row.errors.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
