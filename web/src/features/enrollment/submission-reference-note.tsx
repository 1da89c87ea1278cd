import { submittedReference } from './submission-reference'

/** The reference of the enrollment just submitted or authorized, when this page was reached so. */
export function SubmissionReference() {
  const submitted = submittedReference()
  if (!submitted) return null
  return (
    <p className="submission-reference">
      Your reference is <strong>{submitted.reference}</strong>.{' '}
      {submitted.receiptMailed
        ? 'A receipt with it has been sent by email; please quote it when you contact the program office.'
        : 'Please quote it when you contact the program office.'}
    </p>
  )
}
