// What `npm start` says on stderr while it starts: each step (database, migrations, job queue, listening) with its
// duration.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stderrStartup } from '../src/startup-log.ts'
import { describeDatabase } from '../src/store/database.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-startup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const DURATION = String.raw`in \d+(\.\d)? (ms|s)`

/**
 * Starts src/main.ts on the embedded database in `dir`, waits for its "started" line, stops it; its stderr and stdout
 * lines.
 */
function startAndStop(): Promise<{ stderr: string[]; stdout: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ARBITER_DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (/arbiter: started in/.test(stderr)) child.kill('SIGTERM')
    })
    child.once('exit', code => {
      if (code !== 0) reject(new Error(`exited with ${code}:\n${stderr}`))
      else resolve({ stderr: stderr.trim().split('\n'), stdout: stdout.trim().split('\n') })
    })
  })
}

describe('npm start says what it does while it starts', () => {
  it('names the database, counts the migrations applied, and gives each step its duration, on stderr only; a restart has none to apply', async () => {
    const first = await startAndStop()
    const database = `database: embedded PGlite at ${dir}`
    const expected = [
      new RegExp(`^arbiter: code loaded ${DURATION}$`),
      new RegExp(`^arbiter: ${database}\\.\\.\\.$`),
      /^arbiter: migrations\.\.\.$/,
      new RegExp(`^arbiter: migrations: applied \\d+ ${DURATION}$`),
      new RegExp(`^arbiter: ${database}: open ${DURATION}$`),
      /^arbiter: server \(routes, GraphQL schema, job queue\)\.\.\.$/,
      /^arbiter: job queue \(pg-boss\)\.\.\.$/,
      new RegExp(`^arbiter: job queue \\(pg-boss\\): done ${DURATION}$`),
      /^arbiter: background workers .*\.\.\.$/,
      new RegExp(`^arbiter: background workers .*: done ${DURATION}$`),
      new RegExp(`^arbiter: server \\(routes, GraphQL schema, job queue\\): done ${DURATION}$`),
      /^arbiter: listening\.\.\.$/,
      new RegExp(`^arbiter: listening: at http://127\\.0\\.0\\.1:\\d+ ${DURATION}$`),
      new RegExp(`^arbiter: started ${DURATION}$`),
    ]
    const steps = first.stderr.filter(l => l.startsWith('arbiter: '))
    expect(steps).toHaveLength(expected.length)
    steps.forEach((line, i) => expect(line).toMatch(expected[i]!))
    // stdout stays the JSON log that tools read.
    for (const line of first.stdout) expect(() => JSON.parse(line)).not.toThrow()

    const second = await startAndStop()
    expect(second.stderr).toContainEqual(
      expect.stringMatching(new RegExp(`^arbiter: migrations: none to apply ${DURATION}$`)),
    )
  }, 120_000)

  it('reports a step that fails, with how long it ran, and lets the error through', async () => {
    const lines: string[] = []
    const startup = stderrStartup(line => lines.push(line))
    await expect(startup.step('migrations', () => Promise.reject(new Error('broken migration')))).rejects.toThrow(
      'broken migration',
    )
    expect(lines).toEqual([
      'arbiter: migrations...',
      expect.stringMatching(new RegExp(`^arbiter: migrations: failed after \\d+(\\.\\d)? (ms|s)$`)),
    ])
  })

  it('names a PostgreSQL server by host and database, never with its credentials', () => {
    const said = describeDatabase({
      kind: 'postgres',
      url: 'postgresql://arbiter:s3cret@db.example:5432/arbiter?sslmode=require',
    })
    expect(said).toBe('PostgreSQL at db.example:5432/arbiter')
  })
})
