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
