import type { PublicConfig } from '@shared/config/public-config'
import type { EnrollmentType } from '@shared/domain/enrollment-choices'
import { DEALER_ENTRY_FIELDS, DEALER_FIELDS } from '@shared/enrollment/dealer-entry-fields'
import { newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { Enrollment } from '@shared/enrollment/enrollment'
import { LMA_FIELDS } from '@shared/enrollment/lma-record-fields'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createFormStore, FormProvider, type FormState } from '../../components/form/form-state'
import { ConfirmProvider } from '../../components/ui/confirm'
import { ConfigProvider } from '../config/config-context'
import { DealerForm } from './dealer-form/dealer-form'
import { DealerRow } from './lma-form/dealer-row'
import { LmaForm } from './lma-form/lma-form'

/**
 * Every field of a dealer entry and of the LMA record that the shared descriptions name
 * (dealer-entry-fields.ts, lma-record-fields.ts) has an input with a label on every form that
 * enters it, in every mode: the public forms, the authorization view and the admin dialog. A
 * field added to a description fails here, naming the form that needs its input, until the
 * form has it or this file says why it has none.
 */

/** On no form: a blank country means USA (docs/product.md#lma-record). */
const ON_NO_FORM = 'country'

/** A row of the LMA dealer table keeps only the fields whose `onLmaRow` is 'kept'. */
const ROW_FIELDS = DEALER_FIELDS.filter(
  (field) => DEALER_ENTRY_FIELDS[field].onLmaRow === 'kept' && field !== ON_NO_FORM,
)

const config: PublicConfig = {
  brands: [{ key: 'chevrolet', name: 'Chevrolet' }],
  enrollmentYear: 2026,
  enrollmentOpen: true,
  programCalendar: {
    opens: { month: 9, day: 1 },
    deadline: { month: 1, day: 31 },
    closes: { month: 8, day: 31 },
  },
  support: { email: 'pos@example.com', phone: '800-555-0100' },
  itSupport: { name: 'IT', email: 'it@example.com', phone: '800-555-0101' },
  surveyUrl: 'https://example.com/survey',
  auth: {
    clientId: 'web',
    authority: 'https://example.com',
    scopes: ['openid'],
    redirectPath: '/oidc/callback',
    cacheLocation: 'sessionStorage',
  },
}

function enrollment(type: EnrollmentType, status: Enrollment['status']): Enrollment {
  const blank = newEnrollment({ type, brand: 'chevrolet', year: 2026 })
  // A ticked name-changed box shows the previous name, where the form has the box.
  const lma = blank.lma && { ...blank.lma, nameChanged: true }
  return { ...blank, status, lma, guid: status ? 'a-guid' : '', regionId: status ? 1 : null }
}

function render(form: FormState<Enrollment>, children: ReactNode): string {
  return renderToStaticMarkup(
    <ConfigProvider config={config}>
      <ConfirmProvider>
        <FormProvider form={form}>{children}</FormProvider>
      </ConfirmProvider>
    </ConfigProvider>,
  )
}

const submit = async () => {}

interface FormCase {
  name: string
  /** The markup of the form's inputs. */
  html(): string
  /** The paths of the inputs it must have. */
  paths: string[]
}

function dealerForm(mode: 'new' | 'edit'): FormCase['html'] {
  return () => {
    const form = createFormStore(enrollment('Dealer', mode === 'new' ? '' : 'Approving'), false)
    return render(form, <DealerForm form={form} mode={mode} onSubmit={submit} />)
  }
}

function lmaForm(mode: 'new' | 'authorize' | 'edit'): FormCase['html'] {
  return () => {
    const status = mode === 'new' ? '' : 'Authorizing'
    const form = createFormStore(enrollment('Lma', status), false)
    return render(form, <LmaForm form={form} mode={mode} onSubmit={submit} />)
  }
}

const dealerEntry = DEALER_FIELDS.filter((field) => field !== ON_NO_FORM)
const lmaRecord = LMA_FIELDS.filter((field) => field !== ON_NO_FORM)
/** The name change is stated by the submitter and the representative, not an administrator. */
const lmaRecordInEdit = lmaRecord.filter(
  (field) => field !== 'nameChanged' && field !== 'previousName',
)
/** An LMA form opens with one dealer row, rendered with the form (a short table is not windowed). */
const firstRow = ROW_FIELDS.map((field) => `dealers[0].${field}`)

const FORMS: FormCase[] = [
  {
    name: 'the dealer form',
    html: dealerForm('new'),
    paths: [...dealerEntry.map((field) => `dealers[0].${field}`)],
  },
  {
    name: "the admin dialog's dealer form",
    html: dealerForm('edit'),
    paths: ['regionId', ...dealerEntry.map((field) => `dealers[0].${field}`)],
  },
  {
    name: 'the LMA form (more rows of its dealer table are the last case)',
    html: lmaForm('new'),
    paths: [...lmaRecord.map((field) => `lma.${field}`), ...firstRow],
  },
  {
    name: 'the authorization view',
    html: lmaForm('authorize'),
    paths: ['regionId', ...lmaRecord.map((field) => `lma.${field}`), ...firstRow],
  },
  {
    name: "the admin dialog's LMA form",
    html: lmaForm('edit'),
    paths: ['regionId', ...lmaRecordInEdit.map((field) => `lma.${field}`), ...firstRow],
  },
  {
    name: "the LMA dealer table's rows (the first two)",
    html: () => {
      const form = createFormStore(enrollment('Lma', ''), false)
      const rows = [0, 1].map((index) => (
        <DealerRow
          key={index}
          index={index}
          offset={0}
          measure={() => {}}
          removable
          onRemove={() => {}}
        />
      ))
      return render(
        form,
        <table>
          <tbody>{rows}</tbody>
        </table>,
      )
    },
    paths: ROW_FIELDS.flatMap((field) => [`dealers[0].${field}`, `dealers[1].${field}`]),
  },
]

/** The names of the inputs in `html`, each with the text of its label (a radio: its group's). */
function inputsIn(html: string): Map<string, string> {
  const inputs = new Map<string, string>()
  for (const match of html.matchAll(/<(?:input|select)\b[^>]*>/g)) {
    const tag = match[0]
    const name = attribute(tag, 'name')
    if (name === undefined || inputs.has(name)) continue
    const label =
      attribute(tag, 'type') === 'radio'
        ? legendBefore(html, match.index)
        : html.match(new RegExp(`<label[^>]*for="${attribute(tag, 'id')}"[^>]*>(.*?)</label>`))?.[1]
    inputs.set(name, text(label ?? ''))
  }
  return inputs
}

function attribute(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&')
}

/** The legend of the radio group that holds the input at `index`. */
function legendBefore(html: string, index: number): string {
  const start = html.lastIndexOf('<legend', index)
  return start < 0 ? '' : html.slice(start, html.indexOf('</legend>', start))
}

/** What a label says: its text, without the required field's asterisk. */
function text(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replaceAll('&#x27;', "'")
    .replace(/\s\*(?=\s|$)/, '')
    .trim()
}

describe('the inputs of the enrollment forms', () => {
  for (const form of FORMS) {
    it(`${form.name} has an input with a label for every described field it enters`, () => {
      const inputs = inputsIn(form.html())
      const withoutInput = form.paths.filter((path) => !inputs.get(path))
      expect(withoutInput, `${form.name}: described fields without an input or its label`).toEqual(
        [],
      )
      expect([...inputs.keys()].sort(), `${form.name}: inputs of no described field`).toEqual(
        [...form.paths].sort(),
      )
    })
  }

  it('labels each input as the person filling in the form reads it', () => {
    const dealer = inputsIn(FORMS[0]?.html() ?? '')
    expect(dealer.get('dealers[0].kitSize')).toBe('Kit Size (click one)')
    expect(dealer.get('dealers[0].authFaxNumber')).toBe('Fax Number')
    const row = inputsIn(FORMS[5]?.html() ?? '')
    expect(row.get('dealers[1].bac')).toBe('BAC, dealer 2')
    const lma = inputsIn(FORMS[2]?.html() ?? '')
    expect(lma.get('lma.nameChanged')).toBe("The LMA's name has changed since last year")
  })
})
