import { useConfig } from '../config/config-context'

/** The program office's mail and phone links, as the footer shows them. */
export function ProgramOfficeContact() {
  const { support } = useConfig()
  return (
    <>
      <a href={`mailto:${support.email}`}>{support.email}</a> or{' '}
      <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>
    </>
  )
}
