// ArbiterError against a real server: the status a refusal means (even from GraphQL's 200) and its details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Arbiter, ArbiterError } from '../../sdk/src/index.ts'
import { statusFor } from '../../sdk/src/errors.ts'
import { API_ERROR_STATUS } from '../../src/api/api-error.ts'
import { STATUS } from '../../src/api/rest/http-errors.ts'
import { GRAPHQL_ERROR_STATUS } from '../../src/api/graphql/errors.ts'
import { startServer, type RunningServer } from './server.ts'

let srv: RunningServer
beforeAll(async () => {
  srv = await startServer()
})
afterAll(async () => srv?.close())

describe('ArbiterError', () => {
  it("a GraphQL error's status is the one the REST API answers its code with (the SDK's generated table is the server's)", () => {
    for (const [code, status] of Object.entries({ ...STATUS, ...API_ERROR_STATUS, ...GRAPHQL_ERROR_STATUS }))
      expect(statusFor(code, 200), code).toBe(status)
    // A real HTTP error status is kept as it came.
    expect(statusFor('UNAVAILABLE', 502)).toBe(502)
  })

  it('an illegal deck: DECK_ILLEGAL with status 422, its violations in details and in the message', async () => {
    const client = new Arbiter({ url: srv.url })
    const err = await client
      .createMatch({
        game: 'dice-throne-marvel',
        seats: [{ deck: { hero: 'nobody' } }, { deck: { hero: 'loki' } }],
      } as never)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ArbiterError)
    const e = err as ArbiterError
    expect(e).toMatchObject({ code: 'DECK_ILLEGAL', status: 422 })
    const violations = e.details.violations as { message: string; rule?: string }[]
    expect(violations.length).toBeGreaterThan(0)
    expect(e.message).toContain(violations[0]!.message)
  })

  it('an illegal action: ILLEGAL_ACTION with status 422 and the rule it breaks', async () => {
    const client = new Arbiter({ url: srv.url })
    const created = await client.createMatch({
      game: 'dice-throne-marvel',
      seats: [{ deck: { hero: 'thor' } }, { deck: { hero: 'loki' } }],
      seed: 'errors',
    })
    const seat = created.match.toAct[0]!
    const mine = client.as({ token: created.seats[seat]!.token })
    const err = (await mine
      .submitAction({ matchId: created.match.id, action: { type: 'sell', card: 'no-such-card' } } as never)
      .catch((e: unknown) => e)) as ArbiterError
    expect(err).toBeInstanceOf(ArbiterError)
    expect(err).toMatchObject({ code: 'ILLEGAL_ACTION', status: 422, rule: 'DT-3.5' })
  })

  it('a refusal of the REST streams keeps the body’s details too', async () => {
    const client = new Arbiter({ url: srv.url })
    const stream = client.as({ token: 'nope' }).matchStream('00000000-0000-4000-8000-000000000000')
    const err = await (async () => {
      for await (const _ of stream) return null
      return null
    })().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ArbiterError)
    expect((err as ArbiterError).status).toBeGreaterThanOrEqual(400)
  })
})
