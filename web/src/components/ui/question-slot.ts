/** A question on screen and the way to answer it. */
export interface OpenQuestion<Q> {
  question: Q
  /** Tells this question from the one before it, however alike they read. */
  id: number
  /** Settles the question's promise; any answer after the first is ignored. */
  answer(yes: boolean): void
}

/**
 * The one question a confirmation shows at a time. A second question while one is open answers
 * the open one No and takes its place: No is the safe answer (nothing happens), the caller that
 * asked first is never left waiting, and the screen shows what was asked last instead of a
 * stack of questions whose moment may have passed.
 */
export function createQuestionSlot<Q>(show: (open: OpenQuestion<Q> | null) => void) {
  let current: OpenQuestion<Q> | null = null
  let asked = 0
  return {
    ask(question: Q): Promise<boolean> {
      current?.answer(false)
      return new Promise<boolean>((resolve) => {
        const open: OpenQuestion<Q> = {
          question,
          id: ++asked,
          answer(yes) {
            if (current !== open) return
            current = null
            show(null)
            resolve(yes)
          },
        }
        current = open
        show(open)
      })
    },
    /** Answers an open question No (its asker goes away). */
    dismiss(): void {
      current?.answer(false)
    },
  }
}
