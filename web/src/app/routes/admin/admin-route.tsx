import { Route, Switch } from 'wouter'
import { ConfirmProvider } from '../../../components/ui/confirm'
import { NotFound } from '../../../components/ui/not-found'
import { ToastProvider } from '../../../components/ui/toast'
import { AdminLayout } from '../../../features/admin/admin-layout'
import { EnrollmentList } from '../../../features/admin/enrollment-list/enrollment-list'
import { LoginRequired } from '../../../features/admin/login-required'
import { ReportMenu } from '../../../features/admin/report-menu'
import { AuthProvider, useAuth } from '../../../features/auth/auth-context'
import { useConfig } from '../../../features/config/config-context'
import '../../../styles/admin.css'

/** /admin and /oidc: nothing renders until the sign-in state is known. */
export default function AdminRoute() {
  return (
    <AuthProvider>
      <ToastProvider>
        <ConfirmProvider>
          <AdminArea />
        </ConfirmProvider>
      </ToastProvider>
    </AuthProvider>
  )
}

function AdminArea() {
  const { ready, user } = useAuth()
  const { enrollmentYear } = useConfig()
  if (!ready) return null
  return (
    <AdminLayout menu={user && <ReportMenu year={enrollmentYear} token={user.idToken} />}>
      {user ? (
        <Switch>
          <Route path="/" component={EnrollmentList} />
          <Route component={NotFound} />
        </Switch>
      ) : (
        <LoginRequired />
      )}
    </AdminLayout>
  )
}
