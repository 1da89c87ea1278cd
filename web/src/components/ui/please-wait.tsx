export function PleaseWait() {
  return (
    <p className="placeholder" role="status" aria-live="polite">
      Please wait...
    </p>
  )
}
