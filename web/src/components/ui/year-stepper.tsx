/** The program year with a button each side (the admin list and the program office's pages). */
export function YearStepper({ year, onChange }: { year: number; onChange(year: number): void }) {
  return (
    <fieldset className="year-stepper">
      <legend className="visually-hidden">Year</legend>
      <button
        type="button"
        className="button button--small"
        aria-label="Previous year"
        onClick={() => onChange(year - 1)}
      >
        ‹
      </button>
      <span className="year-stepper__year" aria-live="polite">
        {year}
      </span>
      <button
        type="button"
        className="button button--small"
        aria-label="Next year"
        onClick={() => onChange(year + 1)}
      >
        ›
      </button>
    </fieldset>
  )
}
