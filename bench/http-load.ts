import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * A minimal keep-alive GraphQL client for the load generator (no client library overhead to measure).
 * `rttMs` simulates a remote client: half of it passes before each request is sent and half after its answer.
 */
export class GqlClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

  constructor(
    private readonly port: number,
    private readonly rttMs = 0,
  ) {}

  async post(query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
    if (this.rttMs > 0) await sleep(this.rttMs / 2)
    const answer = await this.send(query, variables, token)
    if (this.rttMs > 0) await sleep(this.rttMs / 2)
    return answer
  }

  /** `method` `path` (no body) on the same kept-alive socket; its status code. */
  status(path: string, method: 'GET' | 'POST' = 'GET'): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, path, method, agent: this.agent }, res => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      req.end()
    })
  }

  private send(query: string, variables: Record<string, unknown>, token?: string, retried = false): Promise<any> {
    const body = JSON.stringify({ query, variables })
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: '/graphql',
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        res => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
            } catch (e) {
              reject(e)
            }
          })
        },
      )
      // A kept-alive socket the server closed while idle (a long pause, such as the copying of 50k matches) fails at
      // once on reuse: the request never reached the server, so it is sent again on a new socket (Node's own advice).
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (req.reusedSocket && e.code === 'ECONNRESET' && !retried)
          this.send(query, variables, token, true).then(resolve, reject)
        else reject(e)
      })
      req.end(body)
    })
  }

  close(): void {
    this.agent.destroy()
  }
}

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
  /** Every step's latency (ms), sorted. */
  latencies: number[]
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * Runs `clients` concurrent loops for `seconds`; each loop awaits `step(client)` repeatedly. Latencies are
 * measured per step with a monotonic clock (fractional ms). `step` returns false for an error.
 */
export async function runLoad<C>(clients: C[], seconds: number, step: (c: C) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  const start = performance.now()
  await Promise.all(
    clients.map(async c => {
      while (performance.now() < end) {
        const t = performance.now()
        const ok = await step(c)
        latencies.push(performance.now() - t)
        if (!ok) errors++
      }
    }),
  )
  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  return summary(latencies, errors, elapsed)
}

function summary(latencies: number[], errors: number, seconds: number): LoadResult {
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
  }
}

/** Several runs of one load as if they were one: their steps and times added up. */
export function mergeLoads(runs: LoadResult[]): LoadResult {
  const latencies = runs.flatMap(r => r.latencies).sort((a, b) => a - b)
  return summary(
    latencies,
    runs.reduce((n, r) => n + r.errors, 0),
    runs.reduce((n, r) => n + r.seconds, 0),
  )
}
