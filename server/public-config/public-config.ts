import type { PublicConfig } from '../../shared/config/public-config.js'
import type { Config } from '../config/config.js'

export const DEV_OIDC_PATH = '/dev-oidc'
export const DEV_OIDC_CLIENT_ID = 'pos-admin-dev'

export function toPublicConfig(config: Config): PublicConfig {
  return {
    brands: config.BRANDS,
    enrollmentYear: config.ENROLLMENT_YEAR,
    enrollmentOpen: config.ENROLLMENT_OPEN,
    programCalendar: config.programCalendar,
    support: { email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE },
    itSupport: {
      name: config.IT_SUPPORT_NAME,
      email: config.IT_SUPPORT_EMAIL,
      phone: config.IT_SUPPORT_PHONE,
    },
    surveyUrl: config.SURVEY_URL,
    auth: {
      clientId: config.OIDC_CLIENT_ID ?? DEV_OIDC_CLIENT_ID,
      authority: config.OIDC_AUTHORITY ?? `${config.PUBLIC_URL}${DEV_OIDC_PATH}`,
      scopes: config.OIDC_SCOPES.split(/\s+/).filter(Boolean),
      redirectPath: '/oidc',
      cacheLocation: 'sessionStorage',
    },
  }
}
