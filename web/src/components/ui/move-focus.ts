/**
 * The one way the admin screens move the focus after an action whose control is disabled while
 * it runs or goes away with it (Add Note, Send Again, Invite, a bulk action): to what the action
 * produced (the new note, the mail's status, the result's message), once React has rendered it,
 * so the keyboard stays where the work is instead of falling to the page's body. The target is
 * focusable by script only (tabIndex -1); a status message says what happened.
 */
export function focusWhenRendered(find: () => HTMLElement | null | undefined, frames = 20): void {
  const attempt = (left: number) => {
    const target = find()
    target?.focus()
    // Not there yet, or not focusable yet (still hidden while its text is empty): next frame.
    if ((!target || document.activeElement !== target) && left > 0) {
      requestAnimationFrame(() => attempt(left - 1))
    }
  }
  requestAnimationFrame(() => attempt(frames))
}
