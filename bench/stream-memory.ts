// `npm run bench` (BENCH_STREAMS=1, or BENCH_ONLY=streams): the memory one process holds per idle NDJSON stream and
// per idle WebSocket subscription (10,000 of each), and per client that stops reading while 1,000 actions are
// played (STREAM_BUFFER_KB bounds it: at most that much plus the newest view per stream or subscription).
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import type { Socket } from 'node:net'
import path from 'node:path'
import WebSocket from 'ws'
import { DEFAULT_LIMITS } from '../src/api/limits.ts'

/**
 * The documented bounds (docs/benchmarks.md), checked by the bench: the heap one idle NDJSON stream, and one idle
 * subscription, may take (measured on 2026-12-03: 18.7 and 19.7 KiB); a paused client's is STREAM_BUFFER_KB plus
 * its newest message (held as heap: 4 bytes a character at most), computed below from the messages of the run.
 */
export const IDLE_STREAM_BOUND_KIB = 32
export const IDLE_SUBSCRIPTION_BOUND_KIB = 32

const IDLE = Number(process.env.BENCH_IDLE_STREAMS ?? 10_000)
const PAUSED = Number(process.env.BENCH_PAUSED_CLIENTS ?? 10_000)
const ACTIONS = 1_000
const MATCHES = 100
const PER_CONNECTION = DEFAULT_LIMITS.subscriptionsPerConnection

interface Memory {
  heapUsed: number
  external: number
  rss: number
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

export async function streamMemoryBench(): Promise<void> {
  console.log(`\n== Streams: the memory of idle and paused clients on one process (PGlite, the test game) ==`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arbiter-streams-'))
  const port = 3990 + (process.pid % 9)
  const server = fork(new URL('./stream-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BENCH_DATA_DIR: dataDir },
  })
  await new Promise<void>(
    (resolve, reject) => (
      server.once('message', () => resolve()),
      server.once('exit', c => reject(new Error(`stream server exited ${c}`)))
    ),
  )
  const memory = () =>
    new Promise<Memory>(resolve => {
      server.once('message', m => resolve(m as Memory))
      server.send({ memory: true })
    })
  const base = `http://127.0.0.1:${port}`
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    })
    return (await res.json()) as { data: any; errors?: unknown }
  }
  const deck = { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }
  const matches: { id: string; tokens: string[] }[] = []
  for (let i = 0; i < MATCHES; i++) {
    const c = await gql(`mutation($i: CreateMatchInput!) { createMatch(input: $i) { match { id } seats { token } } }`, {
      i: { game: 'race-to-20', seats: [{ deck }, { deck }], seed: `streams-${i}`, options: { target: 100_000 } },
    })
    matches.push({
      id: c.data.createMatch.match.id,
      tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token),
    })
  }

  /**
   * Paused clients the server closed for staying behind (STREAM_STALL_SECONDS): streams cut off before their end,
   * sockets closed 4408 (or dropped, 1006, once the server gave up on the closing handshake). A paused client sees that
   * only once it reads again: the paused clients are read again (`resumes`) after the last heap reading.
   */
  const closedByServer = { streams: 0, subscriptions: 0 }
  const resumes: (() => void)[] = []
  /** Data read, and closes seen, since the paused clients were read again. */
  let heard = 0
  /** An NDJSON stream of `matchId`, resolved once its first line came; `pause` stops reading it from then on. */
  const openStream = (matchId: string, pause: boolean) =>
    new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/matches/${matchId}/stream`, agent }, res => {
        if (pause) res.once('close', () => res.complete || (heard++, closedByServer.streams++))
        res.once('data', () => {
          if (pause) {
            res.pause()
            resumes.push(() => res.on('data', () => heard++).resume())
          } else res.resume()
          resolve(req)
        })
      })
      req.on('error', reject)
    })
  /** One WebSocket with `n` matchUpdated subscriptions, resolved once each sent its first view. */
  const openSubscriptions = (ids: string[], pause: boolean, selection = 'version view') =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws')
      let first = 0
      ws.on('error', reject)
      if (pause)
        ws.on(
          'close',
          code => (code === 4408 || code === 1006) && (heard++, (closedByServer.subscriptions += ids.length)),
        )
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })))
      ws.on('message', data => {
        const m = JSON.parse(String(data)) as { type: string }
        if (m.type === 'connection_ack') {
          ids.forEach((id, i) =>
            ws.send(
              JSON.stringify({
                id: String(i),
                type: 'subscribe',
                payload: {
                  query: `subscription($id: ID!) { matchUpdated(matchId: $id) { ${selection} } }`,
                  variables: { id },
                },
              }),
            ),
          )
        } else if (m.type === 'next' && ++first === ids.length) {
          // A paused client: its socket is no longer read, so the server's writes back up.
          if (pause) {
            const socket = (ws as unknown as { _socket: Socket })._socket
            socket.pause()
            resumes.push(() => socket.on('data', () => heard++).resume())
          }
          resolve(ws)
        }
      })
    })
  /**
   * The heap once closed clients are let go: polled until it stops falling (the server handles the closes meanwhile).
   */
  const settled = async () => {
    let last = await memory()
    for (let i = 0; i < 10; i++) {
      await new Promise(r => setTimeout(r, 1_000))
      const now = await memory()
      if (now.heapUsed >= last.heapUsed - 256 * 1024) return now
      last = now
    }
    return last
  }
  const inBatches = async <T>(n: number, batch: number, open: (i: number) => Promise<T>) => {
    const out: T[] = []
    for (let i = 0; i < n; i += batch)
      out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, k) => open(i + k)))))
    return out
  }

  /** Each figure against its bound: printed, and any over it fails the bench (exit code 1). */
  const checks: { what: string; kib: number; boundKib: number }[] = []
  const check = (what: string, kib: number, boundKib: number) => {
    checks.push({ what, kib, boundKib })
    return `${kib <= boundKib ? 'within' : 'OVER'} the bound of ${boundKib.toFixed(1)} KiB`
  }

  try {
    const before = await memory()
    const streams = await inBatches(IDLE, 200, i => openStream(matches[i % MATCHES]!.id, false))
    const withStreams = await memory()
    const perStream = (withStreams.heapUsed - before.heapUsed) / IDLE / 1024
    console.log(
      `${IDLE} idle NDJSON streams: heap ${perStream.toFixed(1)} KiB per stream (${check('idle NDJSON stream', perStream, IDLE_STREAM_BOUND_KIB)}), RSS ${kib((withStreams.rss - before.rss) / IDLE)} KiB per stream (heap ${mib(before.heapUsed)} -> ${mib(withStreams.heapUsed)} MiB)`,
    )
    for (const s of streams) s.destroy()
    const beforeWs = await settled()
    console.log(`   once they are closed: heap ${mib(beforeWs.heapUsed)} MiB`)
    const sockets = await inBatches(IDLE / PER_CONNECTION, 25, c =>
      openSubscriptions(
        Array.from({ length: PER_CONNECTION }, (_, k) => matches[(c * PER_CONNECTION + k) % MATCHES]!.id),
        false,
      ),
    )
    const withWs = await memory()
    const perSubscription = (withWs.heapUsed - beforeWs.heapUsed) / IDLE / 1024
    console.log(
      `${IDLE} idle WebSocket subscriptions (${sockets.length} connections × ${PER_CONNECTION}): heap ${perSubscription.toFixed(1)} KiB per subscription (${check('idle subscription', perSubscription, IDLE_SUBSCRIPTION_BOUND_KIB)}), RSS ${kib((withWs.rss - beforeWs.rss) / IDLE)} KiB (heap ${mib(beforeWs.heapUsed)} -> ${mib(withWs.heapUsed)} MiB)`,
    )
    for (const s of sockets) s.terminate()
    const beforePaused = await settled()
    console.log(`   once they are closed: heap ${mib(beforePaused.heapUsed)} MiB`)

    // Paused readers on one match, then 1,000 actions on it. Each paused socket's kernel buffers take its first
    // messages, but the kernel holds at most net.ipv4.tcp_mem for all sockets together (about 2 GiB here): 10,000 of
    // each kind outgrow it (about 300 KiB of views each), so the server's own bound is what holds past it.
    const target = matches[0]!
    const paused = await inBatches(PAUSED, 100, () => openStream(target.id, true))
    const pausedWs = await inBatches(PAUSED / PER_CONNECTION, 10, () =>
      openSubscriptions(
        Array.from({ length: PER_CONNECTION }, () => target.id),
        true,
      ),
    )
    const opened = await memory()
    let toAct = 0
    let viewBytes = 0
    // The heap is read every 100 actions and at the end: the highest reading counts, since clients that stay behind
    // are closed after STREAM_STALL_SECONDS and free what they held.
    let peak = opened
    const t = performance.now()
    for (let i = 0; i < ACTIONS; i++) {
      const r = await gql(
        `mutation($i: SubmitActionInput!) { submitAction(input: $i) { match { toAct view } } }`,
        { i: { matchId: target.id, action: { type: 'roll' } } },
        target.tokens[toAct],
      )
      toAct = r.data.submitAction.match.toAct[0]
      viewBytes = JSON.stringify(r.data.submitAction.match.view).length
      if (i % 100 === 99) {
        const now = await memory()
        if (now.heapUsed > peak.heapUsed) peak = now
      }
    }
    const played = (performance.now() - t) / 1000
    // The feeds catch up with the last version before the last reading.
    await new Promise(r => setTimeout(r, 2_000))
    const after = await memory()
    if (after.heapUsed > peak.heapUsed) peak = after
    // Read until nothing more comes for 3 s (at most a minute), so that every close the server made is seen.
    for (const resume of resumes) resume()
    for (let quiet = 0, last = -1, s = 0; quiet < 3 && s < 60; s++, last = heard) {
      await new Promise(r => setTimeout(r, 1_000))
      quiet = heard === last ? quiet + 1 : 0
    }
    const clients = PAUSED * 2
    const grown = peak.heapUsed - opened.heapUsed
    // A subscription's message is its view in a graphql-transport-ws frame: the view plus a few hundred bytes.
    const messageBytes = viewBytes + 256
    const bound = clients * (DEFAULT_LIMITS.streamBufferKb * 1024 + 4 * messageBytes)
    console.log(
      `${PAUSED} paused NDJSON streams + ${PAUSED} paused subscriptions, ${ACTIONS} actions in ${played.toFixed(1)} s (a view of about ${viewBytes} bytes): heap ${mib(opened.heapUsed - beforePaused.heapUsed)} MiB to open them, ` +
        `then at most +${mib(grown)} MiB (${kib(grown / clients)} KiB per client: STREAM_BUFFER_KB ${DEFAULT_LIMITS.streamBufferKb} KiB + the newest message, as heap, per client; ${check('paused client', grown / clients / 1024, bound / clients / 1024)}, ${mib(bound)} MiB in all); ` +
        `closed by the server for staying behind: ${closedByServer.streams} streams, ${closedByServer.subscriptions} subscriptions; ` +
        `fan-out ${Math.round((ACTIONS * clients) / played)} messages/s on one match`,
    )
    for (const s of paused) s.destroy()
    for (const s of pausedWs) s.terminate()
    const over = checks.filter(c => c.kib > c.boundKib)
    console.log(
      over.length
        ? `OVER a bound: ${over.map(c => `${c.what} ${c.kib.toFixed(1)} KiB > ${c.boundKib.toFixed(1)} KiB`).join('; ')}`
        : `every figure within its bound (${checks.length} checked)`,
    )
    if (over.length) process.exitCode = 1
  } finally {
    server.kill('SIGTERM')
    await new Promise(r => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await streamMemoryBench()
