export const PAGE_SIZE = 20

export function pageCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / PAGE_SIZE))
}

export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage(page: number): void
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="button button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous Page
      </button>
      <span className="pager__status" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next Page
      </button>
    </nav>
  )
}
