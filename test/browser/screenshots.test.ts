// The match page of each game photographed in each language at a desktop (1366 px) and a phone (390 px) width, from
// the first seat, mid-match: the page speaks the browser's language and shows the board (test-artifacts/screens/).
import { describe, expect, test } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { Random } from '../../src/kernel/index.ts'
import { artifactPath, guardedContext, browserAndServer } from '../support/browser.ts'
import { api, newMatch, pageAt, pageWords } from './match-page.ts'

const env = browserAndServer()

/** Each language by the browser locale that picks it. */
const LANGUAGES = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'tr', locale: 'tr-TR' },
  { lang: 'pt-BR', locale: 'pt-BR' },
] as const
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

/** Random moves over the API until the first seat decides with the board well under way (Dice Throne: dice rolled). */
async function midMatch(gameId: string): Promise<{ id: string; token: string; version: number }> {
  const engine = productionGames.find(g => g.id === gameId)!
  const decks = engine.sampleDecks()
  const { id, tokens } = await newMatch(env.srv.app, gameId, `screenshots-${gameId}`, [
    decks[0]!.deck,
    decks[1 % decks.length]!.deck,
  ])
  const rng = Random.fromSeed(`screenshots-${gameId}`)
  for (let moves = 0; ; moves++) {
    const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
    expect(m.status).toBe('ACTIVE')
    const ready = moves >= 24 && m.toAct.includes(0) && (gameId !== 'dice-throne-marvel' || m.view.roll !== null)
    if (ready) return { id, token: tokens[0]!, version: m.version }
    const seat: number = m.toAct[0]
    const legal = await api<{ id: string; action: { type: string } }[]>(
      env.srv.app,
      'GET',
      `/api/matches/${id}/legal-actions`,
      tokens[seat],
    )
    const kept = legal.filter(a => a.action.type !== 'concede' && a.action.type !== 'setAutoPass')
    const pick = (kept.length ? kept : legal)[rng.int(0, (kept.length ? kept : legal).length - 1)]!
    await api(env.srv.app, 'POST', `/api/matches/${id}/actions`, tokens[seat], { actionId: pick.id })
  }
}

describe.each(productionGames.map(g => [g.id] as const))('the match page of %s, photographed', gameId => {
  test('in English, Turkish and Portuguese at 1366 px and 390 px: the page speaks the browser language and shows the board', async () => {
    const { id, token, version } = await midMatch(gameId)
    for (const { lang, locale } of LANGUAGES) {
      const heading = (await pageWords(lang)).yourChoices!
      for (const { name, viewport } of WIDTHS) {
        const { context, outside } = await guardedContext(env.browser, env.srv.base, viewport, locale)
        const page = await context.newPage()
        await page.goto(`${env.srv.base}/play/${id}#seat=${token}`)
        await pageAt(page, version)
        await page.locator(`.actions[data-for-version="${version}"] h2`).waitFor()
        await page.locator('.board').waitFor()
        expect(await page.locator('html').getAttribute('lang')).toBe(lang)
        expect(await page.locator('.actions h2').innerText()).toContain(heading)
        await page.screenshot({ path: artifactPath(`screens/${gameId}-${lang}-${name}.png`) })
        expect(outside).toEqual([])
        await context.close()
      }
    }
  })
})
