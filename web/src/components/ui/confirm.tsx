import { createContext, type ReactNode, use, useCallback, useEffect, useRef, useState } from 'react'
import { Modal } from './modal'
import { createQuestionSlot, type OpenQuestion } from './question-slot'

/** The two buttons' words, when Yes and No would not say what each does. */
export interface ConfirmAnswers {
  yes: string
  no: string
}

type Ask = (message: string, title?: string, answers?: ConfirmAnswers) => Promise<boolean>

const ConfirmContext = createContext<Ask | null>(null)

interface Question {
  message: string
  title: string
  answers: ConfirmAnswers
}

const YES_NO: ConfirmAnswers = { yes: 'Yes', no: 'No' }

/**
 * Yes/No questions as a modal: `await confirm('Approve this enrollment?')`, or with words of its
 * own for the two buttons ('Save and revise' / 'Cancel'). It opens on No, the answer that changes
 * nothing; a second question answers the first No (see createQuestionSlot).
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenQuestion<Question> | null>(null)
  const [slot] = useState(() => createQuestionSlot<Question>(setOpen))
  const no = useRef<HTMLButtonElement>(null)
  useEffect(() => () => slot.dismiss(), [slot])
  const ask = useCallback<Ask>(
    (message, title = 'Please confirm', answers = YES_NO) => slot.ask({ message, title, answers }),
    [slot],
  )
  return (
    <ConfirmContext value={ask}>
      {children}
      {open && (
        <Modal
          // A new question is a new dialog: it opens, and takes the focus, afresh.
          key={open.id}
          title={open.question.title}
          className="modal--small"
          initialFocus={no}
          onRequestClose={() => open.answer(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                onClick={() => open.answer(true)}
              >
                {open.question.answers.yes}
              </button>
              <button ref={no} type="button" className="button" onClick={() => open.answer(false)}>
                {open.question.answers.no}
              </button>
            </>
          }
        >
          <p>{open.question.message}</p>
        </Modal>
      )}
    </ConfirmContext>
  )
}

export function useConfirm(): Ask {
  const ask = use(ConfirmContext)
  if (!ask) throw new Error('useConfirm must be used inside ConfirmProvider')
  return ask
}
