import type { ErrorBody } from '@tp/api/errors'

/** Hands a file to the browser's download (a temporary link to the blob, freed afterwards). */
export function downloadBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // the download has started by now; free the blob after it
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Downloads a file the API makes for the signed-in user (a CSV export): fetched with the access
 * token (refreshed once on a 401), saved under the server's file name (Content-Disposition).
 * Throws an ApiError with the server's message when the server refuses.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const [{ ApiError, API_BASE, refreshAccessToken }, { getSession }] = await Promise.all([
    import('./api-client'),
    import('./session'),
  ])
  const get = (token: string | undefined) =>
    fetch(`${API_BASE}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    })
  let response = await get(getSession()?.token)
  if (response.status === 401) response = await get((await refreshAccessToken()) ?? undefined)
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null
    throw new ApiError(response.status, body)
  }
  const blob = await response.blob()
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    fallbackName
  downloadBlob(name, blob)
}
