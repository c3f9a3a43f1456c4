// Waiting for an event by the state it leaves (a message received, a row written, a subscription confirmed), never for
// a fixed time.

/** What a check's value can be once it is truthy. */
type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>

/**
 * Resolves with the first truthy value of `check`, asked again every `everyMs` until then; rejects, naming
 * `what`, after `timeoutMs` (a bound for a hung test, not a delay: a passing test waits only for the event).
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
  everyMs = 20,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as Truthy<T>
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, everyMs))
  }
}
