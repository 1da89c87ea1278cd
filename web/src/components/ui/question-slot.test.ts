import { describe, expect, it } from 'vitest'
import { createQuestionSlot, type OpenQuestion } from './question-slot'

describe('a confirmation', () => {
  it('answers the first question No when a second is asked, and shows the second', async () => {
    const shown: Array<OpenQuestion<string> | null> = []
    const slot = createQuestionSlot<string>((open) => shown.push(open))
    const first = slot.ask('Approve?')
    const second = slot.ask('Decline?')
    await expect(first).resolves.toBe(false)
    expect(shown.at(-1)?.question).toBe('Decline?')
    shown.at(-1)?.answer(true)
    await expect(second).resolves.toBe(true)
    expect(shown.at(-1)).toBeNull()
  })

  it('takes only the first answer to a question', async () => {
    let open: OpenQuestion<string> | null = null
    const slot = createQuestionSlot<string>((shown) => {
      open ??= shown
    })
    const asked = slot.ask('Delete?')
    const first = open as OpenQuestion<string> | null
    first?.answer(true)
    first?.answer(false)
    await expect(asked).resolves.toBe(true)
  })

  it('answers No when its asker goes away', async () => {
    const slot = createQuestionSlot<string>(() => {})
    const asked = slot.ask('Save?')
    slot.dismiss()
    await expect(asked).resolves.toBe(false)
  })
})
