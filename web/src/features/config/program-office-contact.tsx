import { MailLink, PhoneLink } from '../../components/ui/contact-links'
import { useConfig } from './config-context'

/** The program office's mail and phone links: whom an enrollee contacts, on every public page. */
export function ProgramOfficeContact() {
  const { support } = useConfig()
  return (
    <>
      <MailLink email={support.email} /> or <PhoneLink phone={support.phone} />
    </>
  )
}
