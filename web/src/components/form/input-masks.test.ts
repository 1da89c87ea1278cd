import { describe, expect, it } from 'vitest'
import { maskEdit, maskPhone, maskSeparatorDelete, maskZip } from './input-masks'

describe('input masks', () => {
  it('keeps only the first five digits of a zip code', () => {
    expect(maskZip('48a2-26 99')).toBe('48226')
    expect(maskZip('123')).toBe('123')
  })

  it('formats a phone number as 3-3-4 digits with hyphens as it is typed', () => {
    expect(maskPhone('5')).toBe('5')
    expect(maskPhone('5555')).toBe('555-5')
    expect(maskPhone('(555) 555-1234')).toBe('555-555-1234')
    expect(maskPhone('555555123499')).toBe('555-555-1234')
  })

  it('drops the country code of a pasted phone number', () => {
    expect(maskPhone('+1 (555) 555-1234')).toBe('555-555-1234')
    expect(maskPhone('1-555-555-1234')).toBe('555-555-1234')
    expect(maskPhone('15555551234')).toBe('555-555-1234')
    expect(maskPhone('+1 555')).toBe('555')
    expect(maskEdit('phone', '+1 (555) 555-1234', 17)).toEqual({
      value: '555-555-1234',
      caret: 12,
    })
  })
})

describe('the caret of a masked input', () => {
  it('stays after a digit typed in the middle of a phone number', () => {
    // 555-555-1234 with a 9 typed after the first hyphen
    expect(maskEdit('phone', '555-9555-1234', 5)).toEqual({ value: '555-955-5123', caret: 5 })
    // 555-55 with a 7 typed after the first digit
    expect(maskEdit('phone', '5755-55', 2)).toEqual({ value: '575-555', caret: 2 })
  })

  it('moves past a hyphen the mask adds after the digit typed', () => {
    expect(maskEdit('phone', '5555', 4)).toEqual({ value: '555-5', caret: 5 })
  })

  it('stays where it was when a non-digit typed is taken out again', () => {
    expect(maskEdit('phone', '555-5x55', 6)).toEqual({ value: '555-555', caret: 5 })
    expect(maskEdit('zip', '48x226', 3)).toEqual({ value: '48226', caret: 2 })
  })
})

describe('deleting next to a hyphen', () => {
  it('Backspace just after a hyphen deletes the digit before it', () => {
    expect(maskSeparatorDelete('phone', '555-555-1234', 4, 'Backspace')).toEqual({
      value: '555-551-234',
      caret: 2,
    })
    expect(maskSeparatorDelete('phone', '555-555-1234', 8, 'Backspace')).toEqual({
      value: '555-551-234',
      caret: 6,
    })
    expect(maskSeparatorDelete('phone', '123-4', 4, 'Backspace')).toEqual({
      value: '124',
      caret: 2,
    })
  })

  it('Delete just before a hyphen deletes the digit after it', () => {
    expect(maskSeparatorDelete('phone', '555-555-1234', 3, 'Delete')).toEqual({
      value: '555-551-234',
      caret: 3,
    })
  })

  it('leaves every other Backspace and Delete to the browser', () => {
    expect(maskSeparatorDelete('phone', '555-555-1234', 5, 'Backspace')).toBeNull()
    expect(maskSeparatorDelete('phone', '555-555-1234', 0, 'Backspace')).toBeNull()
    expect(maskSeparatorDelete('phone', '555-555-1234', 12, 'Delete')).toBeNull()
    expect(maskSeparatorDelete('zip', '48226', 3, 'Backspace')).toBeNull()
  })
})
