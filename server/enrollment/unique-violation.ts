interface PostgresError {
  code?: string
  constraint?: string
  detail?: string
}

/** The constraint a unique violation broke, or undefined for any other error. */
export function uniqueViolation(
  error: unknown,
): { constraint: string; detail: string } | undefined {
  const candidate = error as PostgresError | null
  if (candidate?.code !== '23505' || !candidate.constraint) return undefined
  return { constraint: candidate.constraint, detail: candidate.detail ?? '' }
}

/** The BAC key named in a violation of the per-brand-and-year BAC index. */
export function bacKeyFromDetail(detail: string): string | undefined {
  return /\(brand, year, bac_key\)=\([^,]*, [^,]*, (.*)\) already exists/.exec(detail)?.[1]
}
