import { Link } from 'wouter'

/**
 * Where an enrollee who lost the mail with their status link asks for it again ('Lost the
 * mail?', docs/product.md#lost-the-mail): on the public pages they come back to (the enrollment
 * index, the pages after a submission). Relative to the brand's enrollment pages.
 */
export function LostMailLink() {
  return (
    <p className="lost-mail-link">
      Lost the mail with the link to your enrollment's status page?{' '}
      <Link href="/status">Ask for the links again</Link>.
    </p>
  )
}
