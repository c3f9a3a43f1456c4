// What `npm start` is doing while it starts: a line on stderr as each step begins and one as it ends, with its
// duration.

export interface StartupLog {
  /**
   * Runs one start-up step, saying when it begins and, when it ends, how (`outcome`, else "done") and after
   * how long; a step that throws is reported as failed and the error passes through.
   */
  step<T>(what: string, run: () => Promise<T>, outcome?: (value: T) => string): Promise<T>
  /** One line that is not a step (how long loading the code took, the total). */
  note(line: string): void
}

/** Says nothing: servers built by tests and tools, which have no start-up to follow. */
export const quietStartup: StartupLog = {
  step: (_what, run) => run(),
  note: () => {},
}

/** Milliseconds below a second, else seconds with one decimal. */
export function formatDuration(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`
}

/**
 * Lines prefixed "arbiter:" on stderr, so stdout keeps only the JSON log (one line per request), which
 * tools read; a slow first start (a new database being migrated) then says what it is waiting for.
 */
export function stderrStartup(
  write: (line: string) => void = line => void process.stderr.write(`${line}\n`),
): StartupLog {
  return {
    async step(what, run, outcome) {
      write(`arbiter: ${what}...`)
      const started = performance.now()
      let value
      try {
        value = await run()
      } catch (e) {
        write(`arbiter: ${what}: failed after ${formatDuration(performance.now() - started)}`)
        throw e
      }
      write(`arbiter: ${what}: ${outcome?.(value) ?? 'done'} in ${formatDuration(performance.now() - started)}`)
      return value
    },
    note: line => write(`arbiter: ${line}`),
  }
}
