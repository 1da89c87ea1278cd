/** A browser stand-in for tests over real HTTP: keeps cookies, follows no redirect by itself. */
export class CookieBrowser {
  private readonly cookies = new Map<string, string>()

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Follows redirects until `stop` matches the next address (not requested) or a page answers. */
  async follow(
    url: string,
    init: RequestInit = {},
    stop: (url: string) => boolean = () => false,
  ): Promise<{ url: string; response?: Response }> {
    let current = url
    let response = await this.request(current, init)
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, response }
      }
      current = new URL(location, current).href
      if (stop(current)) return { url: current }
      response = await this.request(current)
    }
    throw new Error(`Too many redirects from ${url}`)
  }
}
