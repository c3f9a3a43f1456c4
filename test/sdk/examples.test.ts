// Every example bot, run as `node --import tsx examples/<file>` against a real server, plays its match to the end.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Arbiter } from '../../sdk/src/index.ts'
import { startServer, type RunningServer } from './server.ts'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')

let srv: RunningServer
beforeAll(async () => {
  srv = await startServer()
})
afterAll(async () => srv.close())

const examples = [
  ['cyberpunk-tcg-random.ts', 'cyberpunk-tcg'],
  ['dice-throne-marvel-random.ts', 'dice-throne-marvel'],
  ['cyber-net-cards-random.ts', 'cyber-net-cards'],
  ['cyber-net-cards-greedy.ts', 'cyber-net-cards'],
] as const

describe('examples', () => {
  it.each(examples)(
    '%s plays a %s match to the end',
    async (file, game) => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join('examples', file)], {
        cwd: ROOT,
        env: { ...process.env, ARBITER_URL: srv.url },
        timeout: 120_000,
      })
      const id = /^match ([^\s:]+)/m.exec(stdout)?.[1]
      expect(id, stdout).toBeDefined()
      const final = await new Arbiter({ url: srv.url }).match(id!)
      expect(final).toMatchObject({ game, status: 'FINISHED' })
      expect(final!.version).toBeGreaterThan(0)
      const names = (final!.winners ?? []).map(w => final!.seats[w]!.name)
      expect(stdout).toContain(
        `finished after ${final!.version} actions: ${names.length ? `${names.join(' and ')} won` : 'no winner'}`,
      )
    },
    150_000,
  )

  it('the random examples stay under 40 lines', async () => {
    const { readFile } = await import('node:fs/promises')
    for (const [file] of examples.filter(([f]) => f.endsWith('-random.ts'))) {
      expect(
        (await readFile(path.join(ROOT, 'examples', file), 'utf8')).trimEnd().split('\n').length,
        file,
      ).toBeLessThan(40)
    }
  })
})
