import type { DevUser } from '../config/dev-user-list.js'
import { escapeHtml } from '../mail/escape-html.js'

/** The pages carry one inline style block and no script; nothing else may load. */
export function devPageCsp(publicUrl: string): string {
  const origin = new URL(publicUrl).origin
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'; base-uri 'none'`
}

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;background:#f3f5f8;color:#1c2430;margin:0;padding:32px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #d5dbe3;border-radius:6px;padding:24px}
h1{font-size:20px;margin:0 0 8px}p{line-height:1.5}label{display:block;margin:12px 0 4px;font-weight:bold}
input{width:100%;box-sizing:border-box;padding:8px;font-size:16px;border:1px solid #8a94a3;border-radius:4px}
button{margin:16px 8px 0 0;padding:8px 16px;font-size:16px;border-radius:4px;border:1px solid #0b5cad;background:#0b5cad;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b5cad}.error{color:#a4161a;font-weight:bold}
.note{font-size:13px;color:#4f5b6b}table{border-collapse:collapse;font-size:14px}td,th{text-align:left;padding:2px 12px 2px 0}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Development sign-in</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

export interface LoginPageInput {
  action: string
  abortAction: string
  users: readonly DevUser[]
  email: string
  error?: string
}

/** The development provider's sign-in form: email and the shared development password. */
export function loginPage(input: LoginPageInput): string {
  const rows = input.users
    .map(
      (user) =>
        `<tr><td>${escapeHtml(user.email)}</td><td>${escapeHtml(user.name)}</td><td>${escapeHtml(user.roles.join(', ') || '-')}</td></tr>`,
    )
    .join('')
  const error = input.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(input.error)}</p>`
    : ''
  const describedBy = input.error ? ' aria-describedby="sign-in-error"' : ''
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="note">Development sign-in of the Dealer Funded POS Program. It never runs in production.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus value="${escapeHtml(input.email)}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required${describedBy}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}"><button type="submit" class="secondary">Cancel</button></form>
<h2>Development users</h2>
<table><thead><tr><th>Email</th><th>Name</th><th>Roles</th></tr></thead><tbody>${rows}</tbody></table>
<p class="note">The password of every user is the value of DEV_PASSWORD.</p>`,
  )
}

/** A page that only tells something (an error, a finished sign-out). */
export function messagePage(title: string, lines: readonly string[]): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
  )
}

/** The sign-out confirmation; `form` is the provider's own hidden form (id op.logoutForm). */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out?</h1><p>Do you want to sign out of the development sign-in?</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  )
}
