import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react'
import { Modal } from './modal'

type Ask = (message: string, title?: string) => Promise<boolean>

const ConfirmContext = createContext<Ask | null>(null)

interface Question {
  message: string
  title: string
  answer(yes: boolean): void
}

/** Yes/No questions as a modal: `await confirm('Approve this enrollment?')`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null)
  const ask = useCallback<Ask>(
    (message, title = 'Please confirm') =>
      new Promise<boolean>((resolve) => {
        setQuestion({
          message,
          title,
          answer: (yes) => {
            setQuestion(null)
            resolve(yes)
          },
        })
      }),
    [],
  )
  const value = useMemo(() => ask, [ask])
  return (
    <ConfirmContext value={value}>
      {children}
      {question && (
        <Modal
          title={question.title}
          className="modal--small"
          onRequestClose={() => question.answer(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                onClick={() => question.answer(true)}
              >
                Yes
              </button>
              <button type="button" className="button" onClick={() => question.answer(false)}>
                No
              </button>
            </>
          }
        >
          <p>{question.message}</p>
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
