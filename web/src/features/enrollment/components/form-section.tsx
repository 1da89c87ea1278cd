import { type ReactNode, useId } from 'react'

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 className="form-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}
