// `arbiter engine --stdio` driven as a child process: info, reset/step/legal/observe/close, batches, bots and every
// error code.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { Random } from '../../src/kernel/index.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The child process and its answers, one per line written, in order. */
class EngineChild {
  readonly child: ChildProcessWithoutNullStreams
  private readonly waiting: ((line: string) => void)[] = []
  stderr = ''
  constructor() {
    this.child = spawn(process.execPath, [path.join(ROOT, 'src/cli/arbiter-bin.mjs'), 'engine', '--stdio'], {
      cwd: ROOT,
    })
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()))
    createInterface({ input: this.child.stdout }).on('line', line => this.waiting.shift()!(line))
  }
  /** Writes one line and resolves with the parsed line answered to it. */
  raw(line: string): Promise<any> {
    return new Promise(resolve => {
      this.waiting.push(answer => resolve(JSON.parse(answer)))
      this.child.stdin.write(`${line}\n`)
    })
  }
  send(request: unknown): Promise<any> {
    return this.raw(JSON.stringify(request))
  }
  close(): Promise<number | null> {
    return new Promise(resolve => {
      this.child.on('exit', code => resolve(code))
      this.child.stdin.end()
    })
  }
}

let engine: EngineChild
beforeAll(() => {
  engine = new EngineChild()
})
afterAll(async () => {
  expect(await engine.close()).toBe(0)
})

describe('arbiter engine --stdio', () => {
  it('info lists every game with its seats, bots and the engines’ own layouts', async () => {
    const info = await engine.send({ op: 'info' })
    expect(info.ok).toBe(true)
    for (const e of productionGames) {
      const g = info.games.find((x: { id: string }) => x.id === e.id)
      expect(g).toMatchObject({ name: e.name, seats: e.seats, bots: ['random', 'greedy', 'ismcts'] })
      expect(g.observationShape).toEqual(e.observationShape)
      expect(g.actionSpace).toEqual(e.actionSpace)
    }
  })

  it.each(productionGames.map(e => [e.id, e] as const))(
    '%s: reset and steps by index match the library, seat by seat',
    async (_id, e) => {
      const seats = e.seats.max
      const samples = e.sampleDecks()
      const decks = Array.from({ length: seats }, (_, i) => samples[i % samples.length]!.deck)
      const options = e.randomPlayOptions ?? {}
      let state = e.setup(decks, e.schemas.options.parse(options), 'stdio-1')
      let answer = await engine.send({
        op: 'reset',
        env: `lib-${e.id}`,
        id: 7,
        game: e.id,
        seed: 'stdio-1',
        seats,
        options,
      })
      expect(answer).toMatchObject({
        env: `lib-${e.id}`,
        id: 7,
        ok: true,
        seed: 'stdio-1',
        finished: false,
        winners: null,
      })
      const rng = Random.fromSeed('stdio-choices')
      for (let step = 0; step < 60 && !answer.finished; step++) {
        const seat = e.status(state).toAct[0]!
        expect(answer.seat).toBe(seat)
        expect(answer.toAct).toEqual(e.status(state).toAct)
        expect(answer.observation).toEqual(Array.from(e.encodeObservation(e.view(state, seat))))
        const mask = e.legalMask(state, seat)
        expect(answer.legalIndices).toEqual([...mask.keys()].filter(i => mask[i] === 1))
        const index = rng.pick(answer.legalIndices as number[])
        state = e.apply(state, seat, e.actionFromIndex(state, seat, index)).state
        answer = await engine.send({ op: 'step', env: `lib-${e.id}`, action: index })
        expect(answer.ok).toBe(true)
      }
      expect((await engine.send({ op: 'close', env: `lib-${e.id}` })).ok).toBe(true)
    },
  )

  it('a batch answers one array in order; bots play their seats; a game of bots only ends inside reset', async () => {
    const answers = await engine.send([
      {
        op: 'reset',
        env: 'a',
        game: 'dice-throne-marvel',
        seed: 's',
        seats: 3,
        bots: [null, { kind: 'random' }, { kind: 'random' }],
      },
      { op: 'reset', env: 'b', game: 'cyber-net-cards', seed: 's', bots: [{ kind: 'random' }, { kind: 'greedy' }] },
      { op: 'reset', env: 'c', game: 'cyberpunk-tcg', seed: 's', bots: [{ kind: 'random' }, null], observe: false },
    ])
    expect(answers.map((a: { env: string }) => a.env)).toEqual(['a', 'b', 'c'])
    expect(answers[0]).toMatchObject({ ok: true, seat: 0, finished: false })
    expect(answers[0].toAct).toEqual([0])
    expect(answers[1]).toMatchObject({ ok: true, finished: true, seat: null, observation: null, legalIndices: [] })
    expect(answers[1].winners).toBeInstanceOf(Array)
    expect(answers[2]).toMatchObject({ ok: true, seat: 1, observation: null })
    // play env a to its end by random indices: the bots answer between the agent's steps
    let a = answers[0]
    const rng = Random.fromSeed('batch')
    for (let i = 0; i < 5000 && !a.finished; i++) {
      expect(a.toAct).toEqual([0])
      a = await engine.send({ op: 'step', env: 'a', action: rng.pick(a.legalIndices as number[]), observe: false })
    }
    expect(a.finished).toBe(true)
    expect(a.winners.length).toBeGreaterThan(0)
  })

  it('legal lists the engine’s actions with indices (and labels on request); observe works for any seat', async () => {
    const reset = await engine.send({ op: 'reset', env: 'l', game: 'cyberpunk-tcg', seed: 'legal' })
    const legal = await engine.send({ op: 'legal', env: 'l', labels: true })
    expect(legal.seat).toBe(reset.seat)
    expect(legal.actions.map((x: { index: number }) => x.index).sort((p: number, q: number) => p - q)).toEqual(
      reset.legalIndices,
    )
    for (const x of legal.actions) expect(typeof x.label).toBe('string')
    expect((await engine.send({ op: 'legal', env: 'l' })).actions[0].label).toBeUndefined()
    const other = 1 - reset.seat
    const seen = await engine.send({ op: 'observe', env: 'l', seat: other, view: true })
    expect(seen).toMatchObject({ ok: true, seat: other, legalIndices: [] })
    expect(seen.view.you).toBe(other)
    expect(seen.observation.length).toBe(productionGames.find(g => g.id === 'cyberpunk-tcg')!.observationShape.size)
    // the step with an action object is the same as by index
    const byObject = await engine.send({ op: 'step', env: 'l', action: legal.actions[0].action, observe: false })
    expect(byObject.ok).toBe(true)
  })

  it('format base64 writes the same observation as float32 little-endian bytes', async () => {
    const plain = await engine.send({ op: 'reset', env: 'f1', game: 'dice-throne-marvel', seed: 'format', seats: 3 })
    const packed = await engine.send({
      op: 'reset',
      env: 'f2',
      game: 'dice-throne-marvel',
      seed: 'format',
      seats: 3,
      format: 'base64',
    })
    const bytes = Buffer.from(packed.observation as string, 'base64')
    const values = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(4 * i))
    expect(values).toEqual(plain.observation)
    const seen = await engine.send({ op: 'observe', env: 'f2', seat: 2, format: 'base64' })
    expect(typeof seen.observation).toBe('string')
    const stepped = await engine.send({ op: 'step', env: 'f2', action: packed.legalIndices[0], format: 'base64' })
    expect(typeof stepped.observation).toBe('string')
    expect(
      (await engine.send({ op: 'step', env: 'f2', action: stepped.legalIndices[0], format: 'xml' })).error.code,
    ).toBe('BAD_USER_INPUT')
  })

  it('refuses with a code and goes on: the rest of a batch is still answered', async () => {
    await engine.send({
      op: 'reset',
      env: 'e',
      game: 'cyber-net-cards',
      seed: 'errors',
      bots: [null, { kind: 'random' }],
    })
    const answers = await engine.send([
      { op: 'dance', env: 'e' },
      { op: 'reset', env: 'x', game: 'chess' },
      {
        op: 'reset',
        env: 'x',
        game: 'cyber-net-cards',
        decks: [
          { avatar: 'nobody', cards: [] },
          { avatar: 'nobody', cards: [] },
        ],
      },
      { op: 'reset', env: 'x', game: 'cyber-net-cards', seats: 3 },
      { op: 'step', env: 'missing', action: 0 },
      { op: 'step', env: 'e', action: 999_999 },
      { op: 'step', env: 'e', action: 0, seat: 1 },
      { op: 'step', env: 'e', action: { type: 'pass', extra: 1 } },
      { op: 'observe', env: 'e', id: 'last' },
    ])
    expect(answers.map((a: any) => (a.ok ? 'ok' : a.error.code))).toEqual([
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
      'NOT_FOUND',
      'ILLEGAL_ACTION',
      'NOT_YOUR_DECISION',
      'BAD_USER_INPUT',
      'ok',
    ])
    expect(answers[0].env).toBe('e')
    expect(answers[8].id).toBe('last')
    const rule = await engine.send({ op: 'step', env: 'e', action: { type: 'ability' } })
    expect(rule).toMatchObject({ ok: false, error: { code: 'ILLEGAL_ACTION' } })
    expect(typeof rule.error.rule).toBe('string')
    expect((await engine.raw('not json')).error.code).toBe('BAD_USER_INPUT')
    await engine.send({
      op: 'reset',
      env: 'done',
      game: 'cyber-net-cards',
      bots: [{ kind: 'random' }, { kind: 'random' }],
    })
    expect((await engine.send({ op: 'step', env: 'done', action: 0 })).error.code).toBe('MATCH_FINISHED')
    expect((await engine.send({ op: 'close', env: 'done' })).ok).toBe(true)
    expect((await engine.send({ op: 'close', env: 'done' })).error.code).toBe('NOT_FOUND')
    expect(engine.stderr).not.toContain('INTERNAL')
  })
})
