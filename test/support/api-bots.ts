import { Random } from '../../src/kernel/index.ts'
import type { ArbiterServer } from '../../src/server.ts'
import { gql } from './server.ts'

const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id label } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version status toAct winners } } }`

export interface BotMatch {
  status: string
  toAct: number[]
  winners: number[] | null
}

/**
 * Random bots play a created match through the GraphQL API until it ends (or `maxSteps`): each step a
 * seat to act asks legalActions and submits one of the listed ids. Fails on any error or on a seat to act
 * with no legal action. Returns the final match and the number of actions applied.
 */
export async function playWithBots(
  app: ArbiterServer,
  matchId: string,
  tokens: string[],
  start: BotMatch,
  seed: string,
  maxSteps = 3_000,
): Promise<{ match: BotMatch; steps: number }> {
  const pick = Random.fromSeed(`bots-${seed}`)
  let match = start
  let steps = 0
  while (match.status === 'ACTIVE' && steps < maxSteps) {
    const seat = pick.pick(match.toAct)
    const legal = (await gql(app, LEGAL, { id: matchId }, tokens[seat])).data.legalActions as { id: string }[]
    if (legal.length === 0) throw new Error(`seat ${seat} is to act but lists no action`)
    const res = await gql(app, SUBMIT, { input: { matchId, actionId: pick.pick(legal).id } }, tokens[seat])
    if (res.errors) throw new Error(`step ${steps}: ${JSON.stringify(res.errors)}`)
    match = res.data.submitAction.match
    steps++
  }
  return { match, steps }
}
