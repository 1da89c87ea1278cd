import { z } from 'zod'

// The environment variables that hold lists (docs/deployment.md): each parsed once, here.

/** A comma-separated list, each item trimmed, empty items left out. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
)

/** REGION_MANAGERS: `alice@example.com:Midwest|Great Lakes,bob@example.com:California`. */
export const regionManagerList = z.string().transform((value, ctx) => {
  const managers = new Map<string, string[]>()
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [user = '', regions = '', ...rest] = item.split(':').map((part) => part.trim())
    const names = regions
      .split('|')
      .map((name) => name.trim())
      .filter(Boolean)
    if (!user || names.length === 0 || rest.length > 0 || managers.has(user.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a comma-separated list of user:Region|Region, each user once',
      })
      return z.NEVER
    }
    managers.set(user.toLowerCase(), names)
  }
  return managers as ReadonlyMap<string, readonly string[]>
})
