import type { StaffAbility } from '@shared/auth/staff-role'
import { Link, useLocation, useSearch } from 'wouter'
import { useStaffAccess } from '../staff-access'
import './program-office.css'

const TABS = [
  { path: '', label: 'Enrollments' },
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/not-re-enrolled', label: 'Not re-enrolled' },
  { path: '/shipping', label: 'Shipping' },
  { path: '/audit', label: 'Audit trail', ability: 'audit' },
] as const satisfies ReadonlyArray<{ path: string; label: string; ability?: StaffAbility }>

/**
 * The admin area's pages the role may read; each tab keeps the year and brand of the page it is
 * left from.
 */
export function AdminTabs() {
  const { may } = useStaffAccess()
  const tabs = TABS.filter((tab) => !('ability' in tab) || may(tab.ability))
  const [location] = useLocation()
  const search = new URLSearchParams(useSearch())
  const kept = new URLSearchParams()
  for (const name of ['year', 'brand']) {
    const value = search.get(name)
    if (value) kept.set(name, value)
  }
  const query = kept.size > 0 ? `?${kept}` : ''
  const current = tabs.find((tab) => tab.path !== '' && location.startsWith(tab.path)) ?? tabs[0]
  return (
    <nav className="admin-tabs" aria-label="Admin pages">
      <ul className="admin-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.path}>
            <Link
              href={`~/admin${tab.path}${query}`}
              className="admin-tabs__tab"
              aria-current={tab === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
