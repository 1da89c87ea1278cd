import { roleAllows } from '@shared/auth/staff-role'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { ConfirmProvider } from '../../../components/ui/confirm'
import { failureText, LoadFailed } from '../../../components/ui/load-failed'
import { NotFound } from '../../../components/ui/not-found'
import { PleaseWait } from '../../../components/ui/please-wait'
import { ToastProvider } from '../../../components/ui/toast'
import { AdminLayout } from '../../../features/admin/admin-layout'
import { getSession } from '../../../features/admin/api/admin-calls'
import AuditTrailPage from '../../../features/admin/audit/audit-trail-page'
import DashboardPage from '../../../features/admin/dashboard/dashboard-page'
import { EnrollmentList } from '../../../features/admin/enrollment-list/enrollment-list'
import { LoginRequired } from '../../../features/admin/login-required'
import { NotAdministrator } from '../../../features/admin/not-administrator'
import NotReEnrolledPage from '../../../features/admin/not-re-enrolled/not-re-enrolled-page'
import { AdminTabs } from '../../../features/admin/program-office/admin-tabs'
import { adminKeys } from '../../../features/admin/query/admin-keys'
import { createAdminQueryClient } from '../../../features/admin/query/admin-query-client'
import { ReportMenu } from '../../../features/admin/report-menu'
import { StaffAccessProvider, useMay } from '../../../features/admin/staff-access'
import { AuthProvider, useAuth } from '../../../features/auth/auth-context'
import { useConfig } from '../../../features/config/config-context'
import FulfillmentPage from '../../../features/shipping/fulfillment-page'
import { NotAuthorizedHere } from '../../../features/shipping/not-authorized-here'
import ShippingPage from '../../../features/shipping/shipping-page'
import { ApiError } from '../../../lib/api-client'
import '../../../styles/admin.css'

/** Which signed-in area a route opens: the admin area, or the print vendor's pages. */
type Area = 'admin' | 'fulfillment'

/**
 * /admin, /fulfillment and /oidc: nothing renders until the sign-in state is known. The admin
 * area's answers live in its one query cache (features/admin/query/), which lives as long as the
 * area.
 */
export default function AdminRoute({ area = 'admin' }: { area?: Area }) {
  const [client] = useState(createAdminQueryClient)
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ToastProvider>
          <ConfirmProvider>
            <AdminArea area={area} />
          </ConfirmProvider>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  )
}

/** Where the browser is, so that signing in comes back to it (an enrollment's address included). */
function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`
}

function AdminArea({ area }: { area: Area }) {
  const { ready, user } = useAuth()
  if (!ready) return null
  if (!user) {
    return (
      <AdminLayout>
        <LoginRequired returnTo={currentAddress()} />
      </AdminLayout>
    )
  }
  return <SignedIn username={user.username} token={user.idToken} area={area} />
}

/** Signed in: the server says first whether this user has a role in the admin area. */
function SignedIn({ username, token, area }: { username: string; token: string; area: Area }) {
  const { enrollmentYear } = useConfig()
  // Asked again only for another user.
  const session = useQuery({
    queryKey: adminKeys.session(username),
    queryFn: ({ signal }) => getSession(signal),
  })
  if (session.isPending || (session.isError && session.isFetching)) {
    return (
      <AdminLayout>
        <PleaseWait />
      </AdminLayout>
    )
  }
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 401) {
      return (
        <AdminLayout>
          <LoginRequired returnTo={currentAddress()} />
        </AdminLayout>
      )
    }
    return (
      <AdminLayout>
        <LoadFailed
          message={failureText(session.error, 'The admin area could not be loaded.')}
          onRetry={() => void session.refetch()}
        />
      </AdminLayout>
    )
  }
  if (session.data.role === null) {
    return (
      <AdminLayout>
        <NotAdministrator username={session.data.username || username} />
      </AdminLayout>
    )
  }
  const role = session.data.role
  const name = session.data.username || username
  if (area === 'fulfillment' || role === 'fulfillment') {
    // The vendor's pages: the vendor's and administrators' only; the vendor has no other.
    return (
      <StaffAccessProvider session={{ ...session.data, role }}>
        <AdminLayout>
          {area === 'admin' ? (
            <Switch>
              <Route path="/">
                <Redirect to="~/fulfillment" replace />
              </Route>
              <Route>
                <NotAuthorizedHere username={name} />
              </Route>
            </Switch>
          ) : roleAllows(role, 'fulfill') ? (
            <Switch>
              <Route path="/" component={FulfillmentPage} />
              <Route component={NotFound} />
            </Switch>
          ) : (
            <NotAdministrator username={name} />
          )}
        </AdminLayout>
      </StaffAccessProvider>
    )
  }
  return (
    <StaffAccessProvider session={{ ...session.data, role }}>
      <AdminLayout menu={<ReportMenu year={enrollmentYear} token={token} />}>
        <AdminTabs />
        <AdminPages />
      </AdminLayout>
    </StaffAccessProvider>
  )
}

/** The pages of the area; the audit trail's only for the roles that may read it. */
function AdminPages() {
  const mayAudit = useMay('audit')
  return (
    <Switch>
      <Route path="/">{() => <EnrollmentList />}</Route>
      <Route path="/enrollments/:guid">
        {(params) => <EnrollmentList openGuid={params.guid} />}
      </Route>
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/not-re-enrolled" component={NotReEnrolledPage} />
      <Route path="/shipping" component={ShippingPage} />
      {mayAudit && <Route path="/audit" component={AuditTrailPage} />}
      <Route component={NotFound} />
    </Switch>
  )
}
