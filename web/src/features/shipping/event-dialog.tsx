import type { SalesEvent, SalesEventBody } from '@shared/shipping/shipping-schema'
import { useId, useRef, useState } from 'react'
import { PlainField } from '../../components/form/plain-field'
import { Modal } from '../../components/ui/modal'
import { ApiError } from '../../lib/api-client'

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'shipBy', label: 'Ship by', type: 'date' },
  { name: 'inStoreFrom', label: 'In stores from', type: 'date' },
  { name: 'inStoreTo', label: 'In stores until', type: 'date' },
] as const

/** NAME_LIMIT: the schema's module holds zod, which the browser does not load. */
const NAME_LIMIT = 80

type Field = (typeof FIELDS)[number]['name']
type FieldErrors = Partial<Record<Field, string>>

/** The server's 400 `errors` for these fields (the first message of each), or none. */
export function fieldErrors<F extends string>(
  caught: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | null {
  if (!(caught instanceof ApiError) || caught.status !== 400) return null
  const errors = (caught.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {}
  const found: Partial<Record<F, string>> = {}
  for (const name of fields) {
    const messages = errors[name]
    const first = Array.isArray(messages) ? messages[0] : messages
    if (typeof first === 'string') found[name] = first
  }
  return Object.keys(found).length > 0 ? found : null
}

/**
 * Add a sales event, or rename and re-date one (docs/product.md#sales-events): the server checks
 * the fields and answers each one's error at the field; a refusal of the whole (a change made
 * meanwhile, a name taken) is said above the buttons.
 */
export function EventDialog({
  event,
  onSave,
  onClose,
}: {
  /** The event to change; none to add one. */
  event?: SalesEvent
  onSave(body: SalesEventBody): Promise<void>
  onClose(): void
}) {
  const id = useId()
  const first = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<SalesEventBody>({
    name: event?.name ?? '',
    shipBy: event?.shipBy ?? '',
    inStoreFrom: event?.inStoreFrom ?? '',
    inStoreTo: event?.inStoreTo ?? '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const formId = `${id}-form`

  const save = async () => {
    setBusy(true)
    setErrors({})
    setRefusal('')
    try {
      await onSave(values)
    } catch (caught) {
      const found = fieldErrors(
        caught,
        FIELDS.map(({ name }) => name),
      )
      if (found) {
        setErrors(found)
        const field = FIELDS.find(({ name }) => found[name])
        if (field) document.getElementById(`${id}-${field.name}`)?.focus()
      } else {
        setRefusal(caught instanceof Error ? caught.message : 'The event could not be saved.')
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title={event ? `Change ${event.name}` : 'Add a sales event'}
      subtitle={event ? `Event ${event.code}` : undefined}
      className="modal--small event-dialog"
      initialFocus={first}
      onRequestClose={onClose}
      footer={
        <>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            {event ? 'Save' : 'Add event'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="event-dialog__form"
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault()
          void save()
        }}
      >
        {FIELDS.map((field) => (
          <PlainField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            type={field.type}
            value={values[field.name]}
            maxLength={field.type === 'text' ? NAME_LIMIT : undefined}
            required
            error={errors[field.name]}
            inputRef={field.name === 'name' ? first : undefined}
            onChange={(value) => setValues((all) => ({ ...all, [field.name]: value }))}
          />
        ))}
        {refusal && (
          <p className="banner banner--warning event-dialog__refusal" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  )
}
