import { Suspense } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { NotFound } from '../components/ui/not-found'
import { PleaseWait } from '../components/ui/please-wait'
import { BrandGuard } from '../features/brand/brand-guard'
import { useConfig } from '../features/config/config-context'
import { PublicLayout } from './public-layout'
import { routeChunk } from './route-chunk'
import { Confirmation } from './routes/public/confirmation'
import { Declined } from './routes/public/declined'
import { Duplicate } from './routes/public/duplicate'
import { EnrollmentIndex } from './routes/public/enrollment-index'
import { ErrorPage } from './routes/public/error-page'

const AdminRoute = routeChunk(() => import('./routes/admin/admin-route'))
const SignInReturnRoute = routeChunk(() => import('./routes/admin/sign-in-return-route'))
const DealerFormRoute = routeChunk(() => import('./routes/public/dealer-form-route'))
const LmaFormRoute = routeChunk(() => import('./routes/public/lma-form-route'))
const InvoiceRoute = routeChunk(() => import('./routes/invoice/invoice-route'))
const StatusRoute = routeChunk(() => import('./routes/public/status-route'))

/** Which chunk a first visit to `pathname` renders, most specific first. */
const CHUNKS_BY_PATH: ReadonlyArray<readonly [RegExp, { preload(): Promise<void> }]> = [
  [/^\/admin(\/|$)/, AdminRoute],
  [/^\/fulfillment(\/|$)/, AdminRoute],
  [/^\/oidc\/?$/, SignInReturnRoute],
  [/^\/invoice\/[^/]+\/?$/, InvoiceRoute],
  [/^\/[^/]+\/enrollment\/dealer\/?$/i, DealerFormRoute],
  [/^\/[^/]+\/enrollment\/lma\/?$/i, LmaFormRoute],
  [/^\/[^/]+\/enrollment\/status(\/[^/]+)?\/?$/i, StatusRoute],
]

/**
 * Starts loading the chunk the page at `pathname` needs, alongside the configuration, so the
 * first render has it (see routeChunk). Settles when it has loaded or failed.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const found = CHUNKS_BY_PATH.find(([pattern]) => pattern.test(pathname))
  return found ? found[1].preload() : Promise.resolve()
}

export function AppRoutes() {
  const defaultBrand = useConfig().brands[0]?.key ?? 'chevy'
  const [location] = useLocation()
  // Each lazy route has a boundary of its own (routeChunk); this one catches the rest.
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PleaseWait />}>
        <Switch>
          <Route path="/">
            <Redirect to={`/${defaultBrand}/enrollment`} replace />
          </Route>
          <Route path="/admin" nest>
            <AdminRoute />
          </Route>
          <Route path="/fulfillment" nest>
            <AdminRoute area="fulfillment" />
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
    </ErrorBoundary>
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
              <Route path="/status/:token" component={StatusRoute} />
              <Route path="/status" component={StatusRoute} />
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
