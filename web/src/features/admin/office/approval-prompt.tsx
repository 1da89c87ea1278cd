import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { Modal } from '../../../components/ui/modal'

/** Approve them all, the waiting ones too; only the others; or nothing (null). */
export type ApprovalChoice = 'all' | 'others' | null

export interface ApprovalQuestion {
  /** What the approval does and what it skips, as the plain confirmation says it. */
  question: string
  /** The names of the selected enrollments still waiting for their representative. */
  waiting: string[]
  /** How many of the others would be approved. */
  others: number
}

interface Open extends ApprovalQuestion {
  answer(choice: ApprovalChoice): void
}

type AskApproval = (question: ApprovalQuestion) => Promise<ApprovalChoice>

/**
 * The confirmation of a bulk Approve whose selection holds enrollments still waiting for their
 * representative (status Authorizing, docs/product.md#office-workflow): they are named as a group
 * of their own, and approving them is a choice (Approve All) beside approving only the others.
 * It opens on Cancel, the answer that changes nothing. Render the element it returns.
 */
export function useApprovalPrompt(): [ReactNode, AskApproval] {
  const [open, setOpen] = useState<Open | null>(null)
  const current = useRef<Open | null>(null)
  const ask = useCallback<AskApproval>(
    (question) =>
      new Promise((resolve) => {
        current.current?.answer(null)
        const next: Open = {
          ...question,
          answer: (choice) => {
            if (current.current !== next) return
            current.current = null
            setOpen(null)
            resolve(choice)
          },
        }
        current.current = next
        setOpen(next)
      }),
    [],
  )
  // A new question is a new dialog: it opens, and takes the focus, afresh.
  return [open ? <ApprovalDialog key={open.waiting.join('\n')} open={open} /> : null, ask]
}

function ApprovalDialog({ open }: { open: Open }) {
  const id = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  const { waiting, others } = open
  const all = waiting.length + others
  return (
    <Modal
      title="Approve selected enrollments"
      className="modal--small approval-prompt"
      initialFocus={cancel}
      onRequestClose={() => open.answer(null)}
      footer={
        <>
          {others > 0 && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => open.answer('others')}
            >
              Approve Only the Other {others}
            </button>
          )}
          <button
            type="button"
            className={others > 0 ? 'button' : 'button button--primary'}
            onClick={() => open.answer('all')}
          >
            {others > 0 ? `Approve All ${all}, Waiting Ones Too` : `Approve All ${all}`}
          </button>
          <button ref={cancel} type="button" className="button" onClick={() => open.answer(null)}>
            Cancel
          </button>
        </>
      }
    >
      <p>{open.question}</p>
      <h3 className="approval-prompt__heading" id={`${id}-waiting`}>
        Still waiting for their representative (Authorizing)
      </h3>
      <p>
        {waiting.length === 1
          ? 'Its authorized representative has not reviewed it yet.'
          : `Their authorized representatives have not reviewed these ${waiting.length} yet.`}
      </p>
      {/* Focusable, so that a keyboard can scroll a long list. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take the focus to be scrolled by keyboard */}
      <ul className="approval-prompt__list" aria-labelledby={`${id}-waiting`} tabIndex={0}>
        {waiting.map((name, index) => (
          // Two enrollments may share a name; their order in the selection tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the dialog is open
          <li key={index}>{name}</li>
        ))}
      </ul>
    </Modal>
  )
}
