import { GENERIC_ERROR_TEXT } from '../../../components/ui/load-failed'
import { usePageTitle } from '../../../lib/page-title'

export function ErrorPage() {
  usePageTitle('Error')
  return <p className="lead">{GENERIC_ERROR_TEXT}</p>
}
