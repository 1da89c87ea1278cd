/** POSTs JSON with fetch; an answer, or the error when the connection fails. */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: { reference?: string; status?: number; detail?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { reference?: string } }
}
