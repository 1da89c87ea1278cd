/** A mail address as a link that opens a new mail to it. */
export function MailLink({ email, className }: { email: string; className?: string }) {
  return (
    <a className={className} href={`mailto:${email}`}>
      {email}
    </a>
  )
}

/** A phone number as written, linked as the digits a phone dials. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a className={className} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {phone}
    </a>
  )
}
