import { usePageTitle } from '../../../lib/page-title'

export function ErrorPage() {
  usePageTitle('Error')
  return <p className="lead">Something went wrong on our end. Please try again later.</p>
}
