// The Cyberpunk TCG board in real Chromium: a card's actions on clicking it, an action with several ways to pay as one
// choice and then its payments, every listed action still in the full list, and how many buttons a seat sees at once.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { cyberpunkTcg } from '../../src/games/cyberpunk-tcg/index.ts'
import { artifactPath, guardedContext, browserAndServer } from '../support/browser.ts'
import { api, movesAfter, offeredActions, pageAt } from './match-page.ts'

const env = browserAndServer()

interface Listed {
  id: string
  label: string
  action: { type: string; card?: string; pay?: number[]; [field: string]: unknown }
}

/** A Cyberpunk TCG match between Ann and Bob with two sample decks, and a page for each seat. */
async function newMatch(seed: string): Promise<{ id: string; tokens: string[]; pages: Page[] }> {
  const decks = cyberpunkTcg.sampleDecks()
  const created = await api(env.srv.app, 'POST', '/api/matches', null, {
    game: 'cyberpunk-tcg',
    seats: [
      { deck: decks[1]!.deck, name: 'Ann' },
      { deck: decks[0]!.deck, name: 'Bob' },
    ],
    seed,
  })
  const id: string = created.match.id
  const tokens: string[] = created.seats.map((s: { token: string }) => s.token)
  const pages = await Promise.all(
    tokens.map(async token => {
      const { context } = await guardedContext(env.browser, env.srv.base)
      const page = await context.newPage()
      await page.goto(`${env.srv.base}/play/${id}#seat=${token}`)
      return page
    }),
  )
  return { id, tokens, pages }
}

/** The seat to decide, the match's version and the seat's listed actions. */
async function decision(id: string, tokens: string[]): Promise<{ seat: number; version: number; listed: Listed[] }> {
  const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
  expect(m.status).toBe('ACTIVE')
  const seat: number = m.toAct[0]
  const listed = await api<Listed[]>(env.srv.app, 'GET', `/api/matches/${id}/legal-actions`, tokens[seat])
  return { seat, version: m.version, listed }
}

/** The listed actions grouped by the action without its payment: a group's actions differ only in how they are paid. */
function byPayment(listed: Listed[]): Listed[][] {
  const groups = new Map<string, Listed[]>()
  for (const l of listed) {
    const { pay: _pay, ...rest } = l.action
    const key = JSON.stringify(rest)
    groups.set(key, [...(groups.get(key) ?? []), l])
  }
  return [...groups.values()]
}

/** Submits one listed action over the API, as the seat, and returns the next version. */
async function take(id: string, token: string, version: number, action: Listed): Promise<number> {
  const r = await api(env.srv.app, 'POST', `/api/matches/${id}/actions`, token, {
    actionId: action.id,
    expectedVersion: version,
    idempotencyKey: `board-${version}`,
  })
  return r.match.version
}

/** Towards a board with cards in play: answer first what must be answered, play what can be played, then pass. */
const PREFERRED = ['goFirst', 'mulligan', 'choose', 'resolve', 'legend', 'play', 'call', 'attack', 'sell']
const next = (listed: Listed[]): Listed =>
  PREFERRED.map(type => listed.find(l => l.action.type === type && l.action.redraw !== true)).find(Boolean) ??
  listed.find(l => l.action.type === 'pass' || l.action.type === 'endReactions') ??
  listed.find(l => l.action.type !== 'concede')!

describe('Cyberpunk TCG: actions on their card, payment second', () => {
  test('clicking a hand card shows its actions; an action with several ways to pay is one button, then its ways to pay, and one of them plays the listed action', async () => {
    const { id, tokens, pages } = await newMatch('cyberpunk-board-pay')
    // Up to the first decision with a card in hand playable in several ways (decks and seed make it the first turn's).
    let found: { seat: number; version: number; listed: Listed[]; group: Listed[] } | null = null
    for (let decisions = 0; !found; decisions++) {
      expect(decisions).toBeLessThan(40)
      const d = await decision(id, tokens)
      const group = byPayment(d.listed).find(g => g[0]!.action.type === 'play' && g.length > 1)
      if (group) found = { ...d, group }
      else await take(id, tokens[d.seat]!, d.version, next(d.listed))
    }
    const { seat, version, listed, group } = found
    const page = pages[seat]!
    await pageAt(page, version)
    await offeredActions(page, version)
    const card = group[0]!.action.card!

    await page.locator(`.pick[data-pick="hand:${card}"]`).first().click()
    const panel = page.locator('.card-choices')
    await panel.waitFor()
    // One button per action on the card, whatever its ways to pay.
    const onCard = byPayment(listed.filter(l => l.action.card === card))
    expect(await panel.locator('button.choice').count()).toBe(onCard.length)
    const grouped = panel.locator(`button.choice[data-ways="${group.length}"]`)
    expect(await grouped.count()).toBe(1)
    expect(await grouped.innerText()).toContain(`ways to pay: ${group.length}`)

    await grouped.click()
    const ways = panel.locator('button.pay')
    await ways.first().waitFor()
    const offered = await ways.evaluateAll(els =>
      els.map(e => ({ id: e.getAttribute('data-action-id') ?? '', text: (e.textContent ?? '').trim() })),
    )
    await page.screenshot({ path: artifactPath('cyberpunk-tcg-payment.png') })
    expect(offered.map(w => w.id).sort()).toEqual(group.map(l => l.id).sort())
    // Each way is named by what it spends, as its listed label says.
    for (const way of offered) expect(group.find(l => l.id === way.id)!.label).toContain(`: ${way.text})`)

    const chosen = group.at(-1)!
    await panel.locator(`button.pay[data-action-id="${chosen.id}"]`).click()
    expect(await pageAt(page, version + 1)).toBeGreaterThan(version)
    const log = await movesAfter(env.srv.app, id, version, tokens[seat])
    expect(log[0]).toMatchObject({ seat, action: chosen.action })
    for (const p of pages) await p.context().close()
  })

  test('every listed action stays in the full list; the card-first panel shows fewer buttons at once than the list holds', async () => {
    const { id, tokens, pages } = await newMatch('cyberpunk-board-count')
    const measured: string[] = []
    for (let decisions = 0; measured.length < 5; decisions++) {
      expect(decisions).toBeLessThan(150)
      const d = await decision(id, tokens)
      if (d.listed.length >= 12) measured.push(await countButtons(pages[d.seat]!, d.version, d.listed))
      await take(id, tokens[d.seat]!, d.version, next(d.listed))
    }
    console.log(`Cyberpunk TCG, buttons a seat sees at once:\n${measured.join('\n')}`)
    for (const p of pages) await p.context().close()
  }, 120_000)
})

/**
 * At one decision: the full list's buttons (all listed actions; those shown unfolded; the largest group), then each
 * card's panel (its choices and Close) and each payment step (its ways and Back). Checks every listed action is a
 * button of the list and every panel is smaller than the list.
 */
async function countButtons(page: Page, version: number, listed: Listed[]): Promise<string> {
  await pageAt(page, version)
  expect((await offeredActions(page, version)).sort()).toEqual(listed.map(l => l.id).sort())
  const unfolded = await page
    .locator('.actions button.action')
    .evaluateAll(els => els.filter(e => e.checkVisibility()).length)
  // a folded group's buttons are what a seat sees once it opens the group
  const largestGroup = await page
    .locator('.actions details.group')
    .evaluateAll(groups => Math.max(0, ...groups.map(g => g.querySelectorAll('button.action').length)))
  const cards = [...new Set(await page.locator('.pick').evaluateAll(els => els.map(e => e.getAttribute('data-pick'))))]
  const panel = page.locator('.card-choices')
  const panels: number[] = []
  const payments: number[] = []
  for (const card of cards) {
    await page.locator(`.pick[data-pick="${card}"]`).first().click()
    await panel.waitFor()
    panels.push(await panel.locator('button').count())
    const grouped = await panel.locator('button.choice[data-ways]:not([data-ways="1"])').count()
    for (let i = 0; i < grouped; i++) {
      await panel.locator('button.choice[data-ways]:not([data-ways="1"])').nth(i).click()
      await panel.locator('button.back').waitFor()
      payments.push(await panel.locator('button').count())
      await panel.locator('button.back').click()
      await panel.locator('button.close').waitFor()
    }
    await panel.locator('button.close').click()
    await panel.waitFor({ state: 'detached' })
  }
  for (const n of [...panels, ...payments]) expect(n).toBeLessThan(listed.length)
  const most = (ns: number[]) => (ns.length ? Math.max(...ns) : 0)
  return (
    `  move ${version}: ${listed.length} listed (the grouped list shows ${unfolded} unfolded, its largest group ${largestGroup}); ` +
    `${cards.length} cards with choices, a card's panel at most ${most(panels)} buttons, ` +
    `a payment step at most ${most(payments)}`
  )
}
