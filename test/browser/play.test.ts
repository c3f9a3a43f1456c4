// The match page in real Chromium: two seats play a whole match of each game by clicking its buttons, a phone-width spectator follows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { randomPlayOptions } from '../../bench/random-play-options.ts'
import { productionGames } from '../../src/games/index.ts'
import { artifactPath, guardedContext, launchBrowser } from '../support/browser.ts'
import { startListeningServer, type ListeningServer } from '../support/server.ts'
import { api, chooser, clickAction, hiddenNames, offeredActions, pageAt, type Seen } from './match-page.ts'

let srv: ListeningServer
let browser: Browser

beforeAll(async () => {
  srv = await startListeningServer({ games: productionGames })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await srv?.close()
})

/** Per game: match options and which actions the chooser mostly avoids, so that random play ends in a reasonable number of clicks. */
const PLAY: Record<string, { avoid: (action: { type: string }) => boolean; avoidOdds: number }> = {
  'cyber-net-cards': { avoid: () => false, avoidOdds: 1 },
  'cyberpunk-tcg': { avoid: () => false, avoidOdds: 1 },
  // rerolls mostly declined: a random reroller spends every roll attempt of every turn
  'dice-throne-marvel': { avoid: (a) => a.type === 'roll', avoidOdds: 4 },
}

/** The decision after which each game's page is photographed: far enough in that the board has cards in play. */
const SHOT_AT = 14
const MAX_DECISIONS = 400
const PHONE = { width: 390, height: 844 }

interface Viewer {
  page: Page
  context: BrowserContext
  outside: string[]
  requested: string[]
  token: string | null
}

async function openViewer(base: string, path: string, token: string | null, viewport?: { width: number; height: number }): Promise<Viewer> {
  const { context, outside } = await guardedContext(browser, base, viewport)
  const requested: string[] = []
  context.on('request', (r) => requested.push(r.url()))
  const page = await context.newPage()
  await page.goto(`${base}${path}${token ? `#seat=${token}` : ''}`)
  return { page, context, outside, requested, token }
}

async function seen(matchId: string, token: string | null): Promise<Seen> {
  const m = await api(srv.app, 'GET', `/api/matches/${matchId}`, token)
  const transcript = await api<string[]>(srv.app, 'GET', `/api/matches/${matchId}/transcript`, token)
  const legal = token ? await api<{ label: string }[]>(srv.app, 'GET', `/api/matches/${matchId}/legal-actions`, token) : []
  return { view: m.view, words: [...transcript, ...legal.map((l) => l.label)] }
}

describe.each(productionGames.map((g) => [g.id, g] as const))('the match page plays %s', (gameId, engine) => {
  test('two seats click legal actions until the match ends; no page shows a card its viewer may not see; a phone-width spectator follows', async () => {
    const decks = engine.sampleDecks()
    const created = await api(srv.app, 'POST', '/api/matches', null, {
      game: gameId,
      seats: [
        { deck: decks[0]!.deck, name: 'Ann' },
        { deck: decks[1 % decks.length]!.deck, name: 'Bob' },
      ],
      seed: `browser-${gameId}`,
      options: randomPlayOptions(gameId),
      clock: { perMoveSeconds: 86400, onTimeout: 'FORFEIT', reminderAt: 0 },
    })
    const id: string = created.match.id
    const tokens: string[] = created.seats.map((s: { token: string }) => s.token)
    const seats = await Promise.all(tokens.map((t) => openViewer(srv.base, `/play/${id}`, t)))
    const spectator = await openViewer(srv.base, `/play/${id}`, null, PHONE)
    const viewers = [...seats, spectator]
    const choose = chooser(`clicks-${gameId}`, PLAY[gameId]!.avoidOdds)

    let decisions = 0
    let leaksChecked = 0
    for (;;) {
      const m = await api(srv.app, 'GET', `/api/matches/${id}`, tokens[0])
      const shown = await Promise.all(viewers.map((v) => pageAt(v.page, m.version)))
      expect(shown).toEqual(viewers.map(() => m.version))

      // What each page shows is checked against what the API tells each viewer.
      const views = await Promise.all(viewers.map((v) => seen(id, v.token)))
      for (const [i, v] of viewers.entries()) {
        const text = await v.page.locator('main').innerText()
        const names = hiddenNames(engine, views[i]!, views.filter((_, j) => j !== i))
        expect(names.filter((n) => text.includes(n)), `viewer ${i} at version ${m.version}`).toEqual([])
      }
      leaksChecked++
      const width = await spectator.page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, 'the phone-width page scrolls sideways').toBeLessThanOrEqual(PHONE.width)

      if (m.status !== 'ACTIVE') break
      expect(decisions).toBeLessThan(MAX_DECISIONS)
      const seat: number = m.toAct[0]
      const page = seats[seat]!.page
      const offered = await offeredActions(page, m.version)
      const legal = await api<{ id: string; action: { type: string } }[]>(srv.app, 'GET', `/api/matches/${id}/legal-actions`, tokens[seat])
      expect(offered.sort()).toEqual(legal.map((a) => a.id).sort())
      const byId = new Map(legal.map((a) => [a.id, a.action]))
      if (decisions === SHOT_AT) {
        await page.screenshot({ path: artifactPath(`${gameId}.png`), fullPage: true })
        await spectator.page.screenshot({ path: artifactPath(`${gameId}-phone-spectator.png`), fullPage: true })
      }
      await clickAction(page, choose(offered, (a) => PLAY[gameId]!.avoid(byId.get(a)!)))
      await pageAt(page, m.version + 1)
      decisions++
    }

    const final = await api(srv.app, 'GET', `/api/matches/${id}`)
    expect(final.status).toBe('FINISHED')
    for (const v of viewers) await v.page.locator('.match[data-status="FINISHED"]').waitFor()
    expect(await seats[0]!.page.locator('[data-state]').innerText()).toMatch(/^Finished/)
    await seats[0]!.page.screenshot({ path: artifactPath(`${gameId}-finished.png`), fullPage: true })
    console.log(`${gameId}: ${decisions} decisions clicked, pages checked for hidden cards at ${leaksChecked} versions`)

    for (const v of viewers) {
      expect(v.outside, 'requests outside the server').toEqual([])
      for (const t of tokens) expect(v.requested.filter((u) => u.includes(t)), 'a token in a requested URL').toEqual([])
      await v.context.close()
    }
  })
})
