import { z } from 'zod'
import type { Brand } from '../../shared/config/public-config.js'
import {
  DEFAULT_PROGRAM_CALENDAR,
  type ProgramCalendar,
  parseMonthDay,
  programDates,
} from '../../shared/enrollment/program-dates.js'
import { DEFAULT_DEV_USERS, devUserList } from './dev-user-list.js'
import { commaList, regionManagerList } from './list-variables.js'

/** Twelve hours: a working day of one sign-in (ID_TOKEN_MAX_AGE_MINUTES' default). */
export const ID_TOKEN_DEFAULT_MAX_AGE_SECONDS = 12 * 60 * 60

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const monthDay = (example: string) =>
  z.string().transform((value, ctx) => {
    const parsed = parseMonthDay(value)
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a month and day as MM-DD, such as ${example}`,
      })
      return z.NEVER
    }
    return parsed
  })

/** A count a day or a cap: 1 to 10,000. */
const budgetCount = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 10000')
    .max(10_000, 'must be between 1 and 10000')
    .default(fallback)

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''))

const brandList = z.string().transform((value, ctx): Brand[] => {
  const brands = value.split(',').map((item) => {
    const [key = '', ...rest] = item.split(':')
    return { key: key.trim().toLowerCase(), name: rest.join(':').trim() }
  })
  const bad = brands.find((brand) => !/^[a-z][a-z0-9-]{0,19}$/.test(brand.key) || !brand.name)
  if (bad || brands.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of key:Display Name' })
    return z.NEVER
  }
  return brands
})

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: z.string().optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// connection URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_DATA: booleanText.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Dealer Funded POS Program <pos-program@example.com>'),
  OIDC_AUTHORITY: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid profile email user.read'),
  ADMIN_USERS: commaList.default([]),
  ID_TOKEN_MAX_AGE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(5, 'must be between 5 and 10080 minutes')
    .max(10_080, 'must be between 5 and 10080 minutes')
    .default(ID_TOKEN_DEFAULT_MAX_AGE_SECONDS / 60),
  ADMIN_ROLE: z.string().min(1).optional(),
  /** Read-only users: every admin screen, figure and download, no change. */
  READONLY_USERS: commaList.default([]),
  READONLY_ROLE: z.string().min(1).optional(),
  /** The print vendor: released manifests and the tracking upload, nothing else. */
  FULFILLMENT_USERS: commaList.default([]),
  FULFILLMENT_ROLE: z.string().min(1).optional(),
  /** Regional managers: their regions' enrollments only. */
  REGION_MANAGERS: regionManagerList.default(new Map()),
  REGION_ROLE_PREFIX: z.string().min(1).max(100).optional(),
  DEV_TOOLS: booleanText.optional(),
  DEV_USERS: z.string().default(DEFAULT_DEV_USERS).pipe(devUserList),
  DEV_PASSWORD: z.string().min(1).max(200).default('dev'),
  RATE_LIMIT_SUBMISSIONS: z.coerce.number().int().min(1, 'must be a positive number').default(30),
  RATE_LIMIT_LOOKUPS: z.coerce.number().int().min(1, 'must be a positive number').default(300),
  /**
   * Daily budgets of the mails a stranger can cause (docs/security.md#capabilities), counted in the
   * database for every instance together: per recipient address and day, the status-link mails of
   * 'Lost the mail?' and the draft-link mails (each group on its own), the receipts and
   * authorization requests of public submissions; per client and day, all of them. A mail over
   * budget is held back; the submission or the save it follows still succeeds.
   */
  MAIL_BUDGET_PER_ADDRESS: budgetCount(3),
  MAIL_BUDGET_SUBMISSIONS_PER_ADDRESS: budgetCount(20),
  MAIL_BUDGET_PER_CLIENT: budgetCount(200),
  /** Live saved forms (drafts) per address and per client. */
  DRAFTS_PER_ADDRESS: budgetCount(5),
  DRAFTS_PER_CLIENT: budgetCount(20),
  /** Days a sent mail keeps its text in the outbox (then only its kind, recipient and subject). */
  OUTBOX_BODY_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 3650 days')
    .max(3650, 'must be between 1 and 3650 days')
    .default(30),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** OpenTelemetry: set, requests (and PostgreSQL's queries) are traced to this OTLP/HTTP endpoint. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('pos-enrollment'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9\-._~+/]{24,200}$/, 'must be 24 to 200 letters, digits or -._~+/')
    .optional(),
  REMINDER_AFTER_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be between 0 and 365 days (0 turns reminders off)')
    .max(365, 'must be between 0 and 365 days (0 turns reminders off)')
    .default(7),
  REMINDER_MAX: z.coerce
    .number({ error: 'must be a number of reminders' })
    .int('must be a whole number of reminders')
    .min(0, 'must be between 0 and 10 (0 turns reminders off)')
    .max(10, 'must be between 0 and 10 (0 turns reminders off)')
    .default(2),
  /**
   * Data retention (docs/security.md#data-retention): the personal data of enrollments declined
   * or deleted whose program year is more than this many years before ENROLLMENT_YEAR is erased.
   */
  RETENTION_YEARS: z.coerce
    .number({ error: 'must be a number of years' })
    .int('must be a whole number of years')
    .min(1, 'must be between 1 and 50 years')
    .max(50, 'must be between 1 and 50 years')
    .default(3),
  ENROLLMENT_YEAR: z.coerce
    .number({ error: 'must be a year such as 2025' })
    .int('must be a year such as 2025')
    .min(2000, 'must be a year between 2000 and 2100')
    .max(2100, 'must be a year between 2000 and 2100')
    .default(2025),
  ENROLLMENT_OPEN: booleanText.default(false),
  /** The program's calendar (docs/product.md#program-dates): opens in the year before the program year. */
  PROGRAM_OPENS: monthDay('10-01').default(DEFAULT_PROGRAM_CALENDAR.opens),
  PROGRAM_DEADLINE: monthDay('02-07').default(DEFAULT_PROGRAM_CALENDAR.deadline),
  PROGRAM_CLOSES: monthDay('12-31').default(DEFAULT_PROGRAM_CALENDAR.closes),
  BRANDS: brandList.default([
    { key: 'chevy', name: 'Chevrolet' },
    { key: 'gm', name: 'GM' },
  ]),
  SUPPORT_EMAIL: z.email('must be an email address').default('posprogram@example.com'),
  SUPPORT_PHONE: z.string().min(7).default('1-800-555-0142'),
  IT_SUPPORT_NAME: z.string().min(1).default('Program IT Help Desk'),
  IT_SUPPORT_EMAIL: z.email('must be an email address').default('it-support@example.com'),
  IT_SUPPORT_PHONE: z.string().min(7).default('1-800-555-0199'),
  SURVEY_URL: httpUrl.default('https://survey.example.com/pos-program'),
  REMIT_TO: z
    .string()
    .default('Dealer Funded POS Program|PO Box 1000|Detroit, MI 48226')
    .transform((value) =>
      value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
})

/** Every variable the server reads, for the README check. */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.shape)

export type Environment = z.input<typeof envSchema>
type ParsedEnvironment = z.output<typeof envSchema>

export interface Config extends Omit<ParsedEnvironment, 'PUBLIC_URL'> {
  PUBLIC_URL: string
  isProduction: boolean
  /**
   * The development aids (the dev mailbox at /dev/mail, which shows every authorization link,
   * and the embedded sign-in) may run: outside production, on a loopback HOST or by DEV_TOOLS=true.
   */
  devTools: boolean
  programCalendar: ProgramCalendar
}

/** PROGRAM_OPENS, PROGRAM_DEADLINE and PROGRAM_CLOSES; the deadline may not come after the close. */
function programCalendarOf(parsed: ParsedEnvironment): ProgramCalendar {
  const calendar = {
    opens: parsed.PROGRAM_OPENS,
    deadline: parsed.PROGRAM_DEADLINE,
    closes: parsed.PROGRAM_CLOSES,
  }
  const { deadline, closes } = programDates(calendar, 2025)
  if (deadline.getTime() > closes.getTime()) {
    throw new ConfigError(
      'Invalid configuration:\n  PROGRAM_DEADLINE must not come after PROGRAM_CLOSES (both fall in the program year)',
    )
  }
  return calendar
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = envSchema.safeParse(present)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const value = present[name]
      const shown =
        value === undefined || SECRET_VARIABLES.has(name)
          ? ''
          : ` (got ${JSON.stringify(truncate(value))})`
      return `  ${name} ${issue.message}${shown}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const parsed = result.data
  if (parsed.OIDC_AUTHORITY && !parsed.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID is required when OIDC_AUTHORITY is set',
    )
  }
  const devTools = parsed.DEV_TOOLS ?? (parsed.NODE_ENV !== 'production' && isLoopback(parsed.HOST))
  if (parsed.NODE_ENV === 'production' && parsed.DEV_TOOLS) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_TOOLS cannot be turned on in production (it shows every authorization link)',
    )
  }
  if (parsed.NODE_ENV === 'production' && parsed.OIDC_AUTHORITY?.startsWith('http:')) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_AUTHORITY must be an https:// URL in production (its keys decide who is an administrator)',
    )
  }
  if (
    parsed.NODE_ENV !== 'production' &&
    !devTools &&
    (!parsed.SMTP_URL || !parsed.OIDC_AUTHORITY)
  ) {
    throw new ConfigError(
      `Invalid configuration:\n  SMTP_URL and OIDC_AUTHORITY are required when HOST (${parsed.HOST}) is not a loopback address: the development mailbox and sign-in would be open to the network. Set them, or DEV_TOOLS=true to expose the development aids on purpose`,
    )
  }
  if (parsed.NODE_ENV === 'production' && !parsed.OIDC_AUTHORITY) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_AUTHORITY and OIDC_CLIENT_ID are required in production (the development sign-in is off there)',
    )
  }
  if (parsed.NODE_ENV === 'production' && parsed.ADMIN_USERS.length === 0 && !parsed.ADMIN_ROLE) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_USERS or ADMIN_ROLE is required in production (without them every user of the sign-in authority would be an administrator)',
    )
  }
  if (parsed.NODE_ENV === 'production' && !parsed.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL is required in production (the dev mailbox is off there)',
    )
  }
  const programCalendar = programCalendarOf(parsed)
  return {
    ...parsed,
    programCalendar,
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    // The development provider's users carry roles: 'admin' makes an administrator, 'readonly' a
    // read-only user, 'fulfillment' the print vendor and 'region.<Name>' a regional manager of
    // that region (dev-user-list.ts).
    ADMIN_ROLE: parsed.ADMIN_ROLE ?? (parsed.OIDC_AUTHORITY ? undefined : 'admin'),
    READONLY_ROLE: parsed.READONLY_ROLE ?? (parsed.OIDC_AUTHORITY ? undefined : 'readonly'),
    FULFILLMENT_ROLE:
      parsed.FULFILLMENT_ROLE ?? (parsed.OIDC_AUTHORITY ? undefined : 'fulfillment'),
    REGION_ROLE_PREFIX:
      parsed.REGION_ROLE_PREFIX ?? (parsed.OIDC_AUTHORITY ? undefined : 'region.'),
    isProduction: parsed.NODE_ENV === 'production',
    devTools,
  }
}

/** Whether a listen address reaches this machine only. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    address === 'localhost' ||
    address === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(address) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(address)
  )
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value
}

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'DEV_PASSWORD',
  'METRICS_TOKEN',
])
