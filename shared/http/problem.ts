/** RFC 9457 problem details, the body of every error the API answers. */
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  /** Field path (`lma.name`, `dealers[0].bac`) to messages; only on validation failures. */
  errors?: Record<string, string[]>
}

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).title === 'string'
  )
}
