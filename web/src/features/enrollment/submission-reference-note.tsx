import { submittedReference } from './submission-reference'

/** The reference of the enrollment just submitted, when this page was reached by submitting. */
export function SubmissionReference() {
  const reference = submittedReference()
  if (!reference) return null
  return (
    <p className="submission-reference">
      Your reference is <strong>{reference}</strong>. A receipt with it has been sent by email;
      please quote it when you contact the program office.
    </p>
  )
}
