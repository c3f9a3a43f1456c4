// `arbiter engine --stdio`: reads one request (or a JSON array of them, a batch) per line on stdin, writes one JSON
// line per line read on stdout.
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import type { AnyEngine } from '../kernel/index.ts'
import { EngineHost } from './engine-host.ts'

export const ENGINE_USAGE = `usage: arbiter engine --stdio

A local engine process for reinforcement learning and bots (no server, no HTTP): one JSON request per line on stdin,
exactly one JSON line per line read on stdout, in order (logs go to stderr). A line holding a JSON array is a batch,
answered by an array in the same order. Ops: info, reset, step, legal, observe, close (see docs/bots.md, "Python").`

/**
 * The answer to one input line: a batch is answered element by element; an unexpected fault answers that request only.
 */
export function answerLine(host: EngineHost, line: string, log: (message: string) => void): string {
  let request: unknown
  try {
    request = JSON.parse(line)
  } catch {
    return JSON.stringify({
      ok: false,
      error: {
        code: 'BAD_USER_INPUT',
        message: 'the line is not JSON: one request object, or an array of them, per line',
      },
    })
  }
  const one = (r: unknown) => {
    try {
      return host.handle(r)
    } catch (e) {
      log(`arbiter engine: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      const env = r !== null && typeof r === 'object' ? (r as { env?: unknown }).env : undefined
      return {
        ...(env !== undefined ? { env } : {}),
        ok: false,
        error: { code: 'INTERNAL_ERROR', message: e instanceof Error ? e.message : String(e) },
      }
    }
  }
  return JSON.stringify(Array.isArray(request) ? request.map(one) : one(request))
}

/** Serves `engines` over `input`/`output` until `input` ends. */
export function serveEngineStdio(
  engines: readonly AnyEngine[],
  input: Readable,
  output: Writable,
  log: (message: string) => void,
): Promise<void> {
  const host = new EngineHost(engines)
  const lines = createInterface({ input, crlfDelay: Infinity })
  lines.on('line', line => output.write(`${answerLine(host, line, log)}\n`))
  return new Promise(resolve => lines.on('close', () => resolve()))
}
