/**
 * Polls `check` until it returns a value that is not undefined/false, for things the app does in
 * the background (a breach recorded, an account provisioned). Fails with the last value seen.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
