export interface Brand {
  key: string
  name: string
}

export interface SignInSettings {
  clientId: string
  authority: string
  scopes: string[]
  redirectPath: string
  cacheLocation: 'sessionStorage'
}

export interface SupportContact {
  email: string
  phone: string
}

/** What `GET /api/config` answers: everything the browser may know about the deployment. */
export interface PublicConfig {
  brands: Brand[]
  enrollmentYear: number
  enrollmentOpen: boolean
  support: SupportContact
  itSupport: SupportContact & { name: string }
  surveyUrl: string
  auth: SignInSettings
}
