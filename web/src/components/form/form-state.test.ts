import { emptyLmaDealerRow, newEnrollment } from '@shared/enrollment/empty-enrollment'
import type { DealerEntry, Enrollment } from '@shared/enrollment/enrollment'
import { describe, expect, it } from 'vitest'
import type { FieldPath } from './field-path'
import { createFormStore, type FormState } from './form-state'

type Path = FieldPath<Enrollment>

/** An LMA enrollment's form with dealer rows of these BACs. */
function lmaForm(...bacs: string[]): FormState<Enrollment> {
  const enrollment = newEnrollment({ type: 'Lma', brand: 'chevrolet', year: 2026 })
  const dealers = bacs.map((bac): DealerEntry => ({ ...emptyLmaDealerRow(), bac }))
  return createFormStore<Enrollment>({ ...enrollment, dealers }, false)
}

/** Counts the calls of a listener of each path (`null`: the whole form). */
function listen(form: FormState<Enrollment>, ...paths: (Path | null)[]) {
  const calls = new Map<Path | null, number>(paths.map((path) => [path, 0]))
  for (const path of paths) {
    form.subscribe(path, () => calls.set(path, (calls.get(path) ?? 0) + 1))
  }
  /** The paths whose listeners were called since the last look. */
  return () => {
    const called = paths.filter((path) => (calls.get(path) ?? 0) > 0)
    for (const path of paths) calls.set(path, 0)
    return called
  }
}

/** The errors the fields show: touched fields' errors from the last submit. */
function shownErrors(form: FormState<Enrollment>): Record<string, string> {
  return Object.fromEntries(Object.entries(form.errors).filter(([key]) => form.touched.has(key)))
}

const bacs = (form: FormState<Enrollment>) => form.values.dealers.map((row) => row.bac)

describe('a keystroke', () => {
  it('re-renders the field typed in and what holds it, not the other fields', () => {
    const form = lmaForm('111111', '222222')
    const called = listen(
      form,
      'lma.name',
      'lma',
      null,
      'lma.city',
      'dealers[0].bac',
      'dealers',
      'regionId',
    )
    form.setValue('lma.name', 'Metro Dealers')
    expect(form.values.lma?.name).toBe('Metro Dealers')
    expect(called()).toEqual(['lma.name', 'lma', null])

    form.setValue('dealers[1].kitSize', 'Large')
    expect(form.values.dealers[1]?.kitSize).toBe('Large')
    // The table's total reads 'dealers'; the first row's fields are not re-rendered.
    expect(called()).toEqual([null, 'dealers'])
  })

  it('leaves the values a screen rendered from as they were (a new object for each change)', () => {
    const form = lmaForm('111111', '222222')
    const before = form.values
    form.setValue('dealers[0].bac', '333333')
    expect(before.dealers[0]?.bac).toBe('111111')
    expect(form.values.dealers[1]).toBe(before.dealers[1])
  })

  it('makes the form differ from its saved values until the text is as it was', () => {
    const form = lmaForm('111111')
    form.setValue('lma.city', 'Detroit')
    expect(form.dirty).toBe(true)
    form.setValue('lma.city', '')
    expect(form.dirty).toBe(false)
  })
})

describe("a field's error", () => {
  it('shows once the field is touched; a submit touches every field it names', () => {
    const form = lmaForm('111111')
    const called = listen(form, 'lma.name', 'lma.contact')
    form.showErrors({ 'lma.name': 'LMA name is required.' }, 'Please check above for errors.')
    expect(shownErrors(form)).toEqual({ 'lma.name': 'LMA name is required.' })
    expect(form.formError).toBe('Please check above for errors.')
    expect(called()).toEqual(['lma.name', 'lma.contact'])

    form.touch('lma.contact')
    expect(called()).toEqual(['lma.contact'])
    form.touch('lma.contact')
    expect(called()).toEqual([])
  })

  it('goes with a reset to newly saved values, which are then not changed', () => {
    const form = lmaForm('111111')
    form.showErrors({ 'lma.name': 'LMA name is required.' })
    form.setValue('lma.name', 'Metro Dealers')
    form.reset({ ...form.values })
    expect(shownErrors(form)).toEqual({})
    expect(form.touched.size).toBe(0)
    expect(form.dirty).toBe(false)
    expect(form.values.lma?.name).toBe('Metro Dealers')
  })
})

describe('the rows of a list (setRows)', () => {
  const submitErrors = {
    dealers: 'An enrollment can list at most 300 dealers.',
    'lma.name': 'LMA name is required.',
    'dealers[0].bac': 'BAC must be 6 digits.',
    'dealers[1].bac': 'BAC 222222 is listed twice.',
    'dealers[2].kitSize': 'English kit size is required.',
  }

  it('keeps every row with its errors when rows are added, and the new rows start clean', () => {
    const form = lmaForm('111111', '222222', '333333')
    form.showErrors(submitErrors)
    const { dealers } = form.values
    form.setRows('dealers', [...dealers, emptyLmaDealerRow(), emptyLmaDealerRow()], [0, 1, 2])
    expect(bacs(form)).toEqual(['111111', '222222', '333333', '', ''])
    expect(shownErrors(form)).toEqual(submitErrors)
  })

  it("drops a removed row's errors and moves the errors of the rows below it up with them", () => {
    const form = lmaForm('111111', '222222', '333333')
    form.showErrors(submitErrors)
    const [first, , third] = form.values.dealers as [DealerEntry, DealerEntry, DealerEntry]
    // Remove dealer 2: dealer 3 becomes dealer 2, and its error goes under it there.
    form.setRows('dealers', [first, third], [0, 2])
    expect(bacs(form)).toEqual(['111111', '333333'])
    expect(shownErrors(form)).toEqual({
      dealers: 'An enrollment can list at most 300 dealers.',
      'lma.name': 'LMA name is required.',
      'dealers[0].bac': 'BAC must be 6 digits.',
      'dealers[1].kitSize': 'English kit size is required.',
    })
  })

  it('moves errors and touched fields with rows that change places', () => {
    const form = lmaForm('111111', '222222', '333333')
    form.showErrors({ 'dealers[0].bac': 'BAC must be 6 digits.' })
    form.touch('dealers[2].name')
    const [first, second, third] = form.values.dealers as [DealerEntry, DealerEntry, DealerEntry]
    form.setRows('dealers', [third, first, second], [2, 0, 1])
    expect(bacs(form)).toEqual(['333333', '111111', '222222'])
    expect(shownErrors(form)).toEqual({ 'dealers[1].bac': 'BAC must be 6 digits.' })
    expect([...form.touched].sort()).toEqual(['dealers[0].name', 'dealers[1].bac'])
  })

  it("starts over with one clean row after Remove All, keeping the rest of the form's errors", () => {
    const form = lmaForm('111111', '222222', '333333')
    form.showErrors(submitErrors)
    form.setRows('dealers', [emptyLmaDealerRow()], [undefined])
    expect(bacs(form)).toEqual([''])
    expect(shownErrors(form)).toEqual({
      dealers: 'An enrollment can list at most 300 dealers.',
      'lma.name': 'LMA name is required.',
    })
  })

  it('re-renders the table and its rows, not the fields outside the list', () => {
    const form = lmaForm('111111', '222222')
    const called = listen(form, 'dealers', 'dealers[1].bac', null, 'lma.name', 'regionId')
    form.setRows('dealers', [...form.values.dealers, emptyLmaDealerRow()], [0, 1])
    expect(called()).toEqual(['dealers', 'dealers[1].bac', null])
  })

  it('leaves the rows a screen rendered from as they were', () => {
    const form = lmaForm('111111', '222222')
    const before = form.values.dealers
    form.setRows('dealers', [before[1] as DealerEntry], [1])
    expect(before.map((row) => row.bac)).toEqual(['111111', '222222'])
    expect(form.values.dealers).not.toBe(before)
  })
})
