import type { ManifestProblem } from '@shared/shipping/shipping-schema'
import { useId, useRef, useState } from 'react'
import { PlainField } from '../../components/form/plain-field'
import { Modal } from '../../components/ui/modal'
import {
  putShipTo,
  SHIP_TO_FIELDS,
  type ShipToFields,
} from '../admin/enrollment-dialog/shipment-calls'
import { fieldErrors } from './event-dialog'

/**
 * The office's ship-to address of an LMA's dealer that cannot ship (docs/product.md#manifests):
 * the manifest ships the dealer there instead of the dealer directory's address. The server's
 * errors are shown at their field; any other refusal above the buttons.
 */
export function ShipToDialog({
  problem,
  onSaved,
  onClose,
}: {
  problem: ManifestProblem
  onSaved(): Promise<void>
  onClose(): void
}) {
  const id = useId()
  const first = useRef<HTMLInputElement>(null)
  const [values, setValues] = useState<ShipToFields>({
    name: problem.dealerName,
    address: '',
    city: '',
    state: '',
    postal: '',
    country: 'USA',
  })
  const [errors, setErrors] = useState<Partial<Record<keyof ShipToFields, string>>>({})
  const [refusal, setRefusal] = useState('')
  const [busy, setBusy] = useState(false)
  const formId = `${id}-form`

  const save = async () => {
    setBusy(true)
    setErrors({})
    setRefusal('')
    try {
      await putShipTo(problem.enrollmentGuid, problem.bac, values)
      await onSaved()
    } catch (caught) {
      const found = fieldErrors(
        caught,
        SHIP_TO_FIELDS.map(({ name }) => name),
      )
      if (found) {
        setErrors(found)
        const field = SHIP_TO_FIELDS.find(({ name }) => found[name])
        if (field) document.getElementById(`${id}-${field.name}`)?.focus()
      } else {
        setRefusal(caught instanceof Error ? caught.message : 'The address could not be saved.')
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title={`Ship-to address of BAC ${problem.bac}`}
      subtitle={`${problem.dealerName}, enrollment ${problem.reference}`}
      className="modal--small event-dialog"
      initialFocus={first}
      onRequestClose={onClose}
      footer={
        <>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            Save address
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
        {SHIP_TO_FIELDS.map((field) => (
          <PlainField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            value={values[field.name]}
            autoComplete={field.autoComplete}
            error={errors[field.name]}
            inputRef={field.name === 'address' ? first : undefined}
            onChange={(value) => setValues((all) => ({ ...all, [field.name]: value }))}
          />
        ))}
        {refusal && (
          <p className="banner banner--warning" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Modal>
  )
}
