// The match page's controls in real Chromium: simultaneous decisions without refused clicks, resigning with a
// confirmation, and the page in Turkish.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { randomPlayOptions } from '../../bench/random-play-options.ts'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { guardedContext, browserAndServer } from '../support/browser.ts'
import { api, chooser, clickAction, offeredActions, pageAt } from './match-page.ts'

const env = browserAndServer()

/** A match of `game` between Ann and Bob with the first two sample decks; returns its id and the seats' tokens. */
async function newMatch(game: string, seed: string, decks: unknown[]): Promise<{ id: string; tokens: string[] }> {
  const created = await api(env.srv.app, 'POST', '/api/matches', null, {
    game,
    seats: [
      { deck: decks[0], name: 'Ann' },
      { deck: decks[1], name: 'Bob' },
    ],
    seed,
    options: randomPlayOptions(game),
  })
  return { id: created.match.id, tokens: created.seats.map((s: { token: string }) => s.token) }
}

async function seatPage(id: string, token: string, language?: string): Promise<Page> {
  const { context } = await guardedContext(env.browser, env.srv.base)
  if (language) await context.addInitScript(l => localStorage.setItem('arbiter.language', l), language)
  const page = await context.newPage()
  await page.goto(`${env.srv.base}/play/${id}#seat=${token}`)
  return page
}

describe('simultaneous decisions', () => {
  test('both seats click at the same moment in every simultaneous decision of a Cyber Net Cards match, and no click is refused', async () => {
    const decks = cyberNetCards.sampleDecks()
    const { id, tokens } = await newMatch('cyber-net-cards', 'controls-cnc-2', [decks[2]!.deck, decks[0]!.deck])
    const pages = await Promise.all(tokens.map(t => seatPage(id, t)))
    const choose = chooser('controls-clicks-cnc', 1)
    // Bob's action requests wait, while `holdBob` is set, until Ann's move has landed: his click always loses the race.
    let holdBob: number | null = null
    let bobPosts = 0
    await pages[1]!.route('**/api/matches/*/actions?*', async route => {
      bobPosts++
      if (holdBob !== null) await pageAt(pages[0]!, holdBob + 1)
      await route.continue()
    })

    let simultaneous = 0
    for (let decisions = 0; ; decisions++) {
      expect(decisions).toBeLessThan(400)
      const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
      await Promise.all(pages.map(p => pageAt(p, m.version)))
      if (m.status !== 'ACTIVE') break
      if (m.toAct.length === 2) {
        const picks = await Promise.all(pages.map(async p => choose(await offeredActions(p, m.version), () => false)))
        holdBob = m.version
        const postsBefore = bobPosts
        await Promise.all(pages.map((p, seat) => clickAction(p, picks[seat]!)))
        await Promise.all(pages.map(p => pageAt(p, m.version + 2)))
        holdBob = null
        simultaneous++
        // Bob's first request met Ann's newer version (VERSION_CONFLICT); the page sent it again at that version.
        expect(bobPosts - postsBefore).toBe(2)
        for (const p of pages) expect(await p.locator('[role=alert]').count(), `version ${m.version}`).toBe(0)
        continue
      }
      const page = pages[m.toAct[0]]!
      await clickAction(
        page,
        choose(await offeredActions(page, m.version), () => false),
      )
      await pageAt(page, m.version + 1)
    }
    expect(simultaneous).toBeGreaterThan(0)
    const final = await api(env.srv.app, 'GET', `/api/matches/${id}`)
    expect(final.status).toBe('FINISHED')
    console.log(`cyber-net-cards: ${simultaneous} simultaneous decisions clicked by both seats at once`)
    for (const p of pages) await p.context().close()
  }, 300_000)
})
