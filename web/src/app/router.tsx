import { lazy, Suspense } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { PublicLayout } from '../components/layout/public-layout'
import { NotFound } from '../components/ui/not-found'
import { PleaseWait } from '../components/ui/please-wait'
import { BrandGuard } from '../features/brand/brand-guard'
import { useConfig } from '../features/config/config-context'
import { Confirmation } from './routes/public/confirmation'
import { Declined } from './routes/public/declined'
import { Duplicate } from './routes/public/duplicate'
import { EnrollmentIndex } from './routes/public/enrollment-index'
import { ErrorPage } from './routes/public/error-page'

const AdminRoute = lazy(() => import('./routes/admin/admin-route'))
const SignInReturnRoute = lazy(() => import('./routes/admin/sign-in-return-route'))
const DealerFormRoute = lazy(() => import('./routes/public/dealer-form-route'))
const LmaFormRoute = lazy(() => import('./routes/public/lma-form-route'))
const InvoiceRoute = lazy(() => import('./routes/invoice/invoice-route'))

export function AppRoutes() {
  const defaultBrand = useConfig().brands[0]?.key ?? 'chevy'
  return (
    <Suspense fallback={<PleaseWait />}>
      <Switch>
        <Route path="/">
          <Redirect to={`/${defaultBrand}/enrollment`} replace />
        </Route>
        <Route path="/admin" nest>
          <AdminRoute />
        </Route>
        <Route path="/oidc">
          <SignInReturnRoute />
        </Route>
        <Route path="/invoice/:guid">
          <InvoiceRoute />
        </Route>
        <Route path="/invoice">
          <PublicLayout>
            <ErrorPage />
          </PublicLayout>
        </Route>
        <Route path="/:brand" nest>
          <BrandGuard>
            <BrandRoutes />
          </BrandGuard>
        </Route>
      </Switch>
    </Suspense>
  )
}

function BrandRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/enrollment" replace />
      </Route>
      <Route path="/enrollment" nest>
        <PublicLayout>
          <Suspense fallback={<PleaseWait />}>
            <Switch>
              <Route path="/" component={EnrollmentIndex} />
              <Route path="/dealer" component={DealerFormRoute} />
              <Route path="/lma" component={LmaFormRoute} />
              <Route path="/confirmation" component={Confirmation} />
              <Route path="/duplicate" component={Duplicate} />
              <Route path="/declined" component={Declined} />
              <Route path="/error" component={ErrorPage} />
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </PublicLayout>
      </Route>
      <Route>
        <PublicLayout>
          <NotFound />
        </PublicLayout>
      </Route>
    </Switch>
  )
}
