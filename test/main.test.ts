// The server process (npm start): serving, logging and SIGTERM, starting without Redis, one process per data folder.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closedPort } from './support/scratch-postgres.ts'
import { waitFor } from './support/wait-for.ts'

// `npm start`'s entry point as a real process: it serves, and SIGTERM closes it cleanly.
const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-main-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function start(
  env: NodeJS.ProcessEnv = {},
): Promise<{ url: string; stop: () => Promise<number | null>; kill: () => Promise<void>; logs: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ARBITER_DATA_DIR: dir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line:\n${logs.join('')}`)), 50_000)
    child.stdout.on('data', (chunk: Buffer) => {
      logs.push(chunk.toString())
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(logs.join(''))
      if (m) {
        clearTimeout(timer)
        resolve({
          url: m[1]!,
          logs,
          stop: () =>
            new Promise(done => {
              child.once('exit', code => done(code))
              child.kill('SIGTERM')
            }),
          kill: () =>
            new Promise(done => {
              child.once('exit', () => done())
              child.kill('SIGKILL')
            }),
        })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
    child.once('exit', code => reject(new Error(`exited with ${code}:\n${logs.join('')}`)))
  })
}

describe('the server process (npm start)', () => {
  it('serves GraphQL and /health, logs one line per request, and exits 0 on SIGTERM; a restart keeps the data', async () => {
    const first = await start()
    const health = await fetch(`${first.url}/health`)
    expect(health.status).toBe(200)
    const res = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ games { id } }' }),
    })
    const games = ((await res.json()) as { data: { games: { id: string }[] } }).data.games.map(g => g.id)
    expect(games.length).toBeGreaterThan(0)
    const saved = await fetch(`${first.url}/api/decks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: games[0],
        name: 'survives',
        deck: (await (await fetch(`${first.url}/api/games/${games[0]}`)).json()).sampleDecks[0].deck,
      }),
    })
    expect(saved.status).toBe(201)
    const deckId = ((await saved.json()) as { id: string }).id
    expect(await first.stop()).toBe(0)
    const requestLines = first.logs
      .join('')
      .split('\n')
      .filter(l => l.includes('"url":"/health"'))
    expect(requestLines).toHaveLength(1)

    const second = await start()
    const kept = await fetch(`${second.url}/api/decks/${deckId}`)
    expect(kept.status).toBe(200)
    expect(await second.stop()).toBe(0)
  })

  it('starts degraded and serves when REDIS_URL points where nothing listens, and says so', async () => {
    const srv = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` })
    const res = await fetch(`${srv.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ games { id } }' }),
    })
    expect(res.status).toBe(200)
    await waitFor('the server to say Redis is unreachable', () =>
      srv.logs.join('').includes('Redis is unreachable at start-up'),
    )
    expect(await srv.stop()).toBe(0)
  })

  it('a second process on the same ARBITER_DATA_DIR refuses to start, naming the first; after a kill -9 the stale lock is recovered', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'arbiter-main-lock-'))
    try {
      // The embedded database, even where the suite runs against PostgreSQL (DATABASE_URL).
      const embedded = { ARBITER_DATA_DIR: own, DATABASE_URL: '' }
      const first = await start(embedded)
      await expect(start(embedded)).rejects.toThrow(
        /exited with 1:[\s\S]*Arbiter did not start: the data folder .* is in use by process \d+/,
      )
      expect((await fetch(`${first.url}/health`)).status).toBe(200)
      await first.kill()
      const second = await start(embedded)
      expect((await fetch(`${second.url}/health`)).status).toBe(200)
      expect(await second.stop()).toBe(0)
    } finally {
      rmSync(own, { recursive: true, force: true })
    }
    // Three server processes start one after another (43 s once on a busy 2-core machine).
  }, 120_000)
})
