/** The two servers playwright.config.ts starts: enrollment closed (the default) and open. */
const basePort = Number(process.env.E2E_PORT ?? 3100)

export const BASE_URL = `http://127.0.0.1:${basePort}`
export const OPEN_URL = `http://127.0.0.1:${basePort + 1}`

/** Finds the LMA authorization link (on the default server) in a mail's text. */
export function authorizationLink(text: string): string | undefined {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped}/chevy/enrollment/lma\\?auth=[0-9a-f-]{36}`).exec(text)?.[0]
}
