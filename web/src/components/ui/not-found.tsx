import { usePageTitle } from '../../lib/page-title'

export function NotFound() {
  usePageTitle('Page Not Found')
  return <p className="placeholder">Page not found.</p>
}
