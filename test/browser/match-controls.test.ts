// The match page's controls in real Chromium: simultaneous decisions without refused clicks, resigning with a
// confirmation, and the page in Turkish.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { diceThroneMarvel } from '../../src/games/dice-throne-marvel/index.ts'
import { guardedContext, browserAndServer } from '../support/browser.ts'
import { api, chooser, clickAction, movesAfter, newMatch, offeredActions, pageAt, pageWords } from './match-page.ts'

const env = browserAndServer()

const en = await pageWords('en')
const tr = await pageWords('tr')

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
    const { id, tokens } = await newMatch(env.srv.app, 'cyber-net-cards', 'controls-cnc-2', [
      decks[2]!.deck,
      decks[0]!.deck,
    ])
    const pages = await Promise.all(tokens.map(t => seatPage(id, t)))
    const choose = chooser('controls-clicks-cnc', 1)
    // While `holdBob` is set, Ann's action request waits until Bob's has left his page (so Bob clicked at the old
    // version, whatever the machine's speed), and Bob's waits until Ann's move has landed: his click always loses.
    let holdBob: number | null = null
    let bobPosts = 0
    const signal = () => {
      let resolve!: () => void
      const promise = new Promise<void>(r => (resolve = r))
      return { promise, resolve }
    }
    let bobSent = signal()
    await pages[0]!.route('**/api/matches/*/actions?*', async route => {
      if (holdBob !== null) await bobSent.promise
      await route.continue()
    })
    await pages[1]!.route('**/api/matches/*/actions?*', async route => {
      bobPosts++
      if (holdBob !== null) {
        bobSent.resolve()
        await pageAt(pages[0]!, holdBob + 1)
      }
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
        bobSent = signal()
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

describe('resigning', () => {
  test('Resign asks for a confirmation: Cancel keeps the match on, confirming ends it with the other seat the winner; the seats chat meanwhile', async () => {
    const decks = cyberNetCards.sampleDecks()
    const { id, tokens } = await newMatch(env.srv.app, 'cyber-net-cards', 'controls-resign', [
      decks[0]!.deck,
      decks[1]!.deck,
    ])
    const [ann, bob] = await Promise.all(tokens.map(t => seatPage(id, t)))
    await Promise.all([ann!, bob!].map(p => p.locator('.match[data-status="ACTIVE"]').waitFor()))

    await ann!.locator('.chat input').fill('good luck')
    await ann!.getByRole('button', { name: 'Send' }).click()
    await bob!.locator('.chat li', { hasText: 'good luck' }).waitFor()
    expect(await bob!.locator('.chat li').innerText()).toContain('Ann')

    const resign = ann!.locator('.controls').getByRole('button', { name: 'Resign' })
    await resign.click()
    const dialog = ann!.getByRole('alertdialog')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('Resign this match?')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await api(env.srv.app, 'GET', `/api/matches/${id}`)).status).toBe('ACTIVE')

    await resign.click()
    await dialog.getByRole('button', { name: 'Resign' }).click()
    await Promise.all([ann!, bob!].map(p => p.locator('.match[data-status="FINISHED"]').waitFor()))
    const final = await api(env.srv.app, 'GET', `/api/matches/${id}`)
    expect(final.status).toBe('FINISHED')
    expect(final.winners).toEqual([1])
    const state = await bob!.locator('[data-state]').innerText()
    expect(state).toContain('Finished: Bob won')
    expect(state).toContain(final.endReasonText)
    await bob!.getByRole('button', { name: 'Offer a rematch' }).waitFor()
    for (const p of [ann!, bob!]) await p.context().close()
  })
})

/**
 * The page's own text in a part of the page: its text without the action and answer buttons (the API's labels) and
 * without the printed names and texts of face-up cards and heroes' abilities (`.printed`: the cards' data, in the
 * language they were printed in: English words such as "damage" or "Hand" may be in them). The notes on cards and the
 * face-down cards' labels stay.
 */
async function ownText(page: Page, selector: string): Promise<string> {
  return page.evaluate(
    sel =>
      [...document.querySelectorAll(sel)]
        .map(el => {
          const copy = el.cloneNode(true) as HTMLElement
          copy
            .querySelectorAll(
              'button.action, button.answer, .card[data-card] .card-name, .card[data-card] .card-text, .printed',
            )
            .forEach(b => b.remove())
          return copy.innerText || copy.textContent || ''
        })
        .join('\n'),
    selector,
  )
}

/** The English catalogue's sentences, cut at their {places}, that the Turkish catalogue does not share. */
const ENGLISH = Object.entries(en)
  .filter(([key, sentence]) => tr[key] !== sentence)
  .flatMap(([, sentence]) => sentence.split(/\{\w+\}/))
  .map(part => part.replace(/^[\s:.,“”"()]+|[\s:.,“”"()]+$/g, ''))
  .filter(part => part.length >= 4)

describe('the page in Turkish', () => {
  test.each([
    ['cyber-net-cards', cyberNetCards.sampleDecks().map(d => d.deck)],
    ['dice-throne-marvel', diceThroneMarvel.sampleDecks().map(d => d.deck)],
  ])(
    "%s: its own controls and the action list show no English; the buttons carry the API's Turkish labels",
    async (game, decks) => {
      const { id, tokens } = await newMatch(env.srv.app, game, `controls-tr-${game}`, [decks[0], decks[1]])
      const pages = await Promise.all(tokens.map(t => seatPage(id, t, 'tr')))
      for (let move = 0; move < 4; move++) {
        const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
        const seat: number = m.toAct[0]
        const page = pages[seat]!
        const offered = await offeredActions(page, m.version)
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr')
        const labels = await api<{ id: string; label: string }[]>(
          env.srv.app,
          'GET',
          `/api/matches/${id}/legal-actions?lang=tr`,
          tokens[seat],
        )
        const shown = await page
          .locator('button.action')
          .evaluateAll(els =>
            els.map(e => [e.getAttribute('data-action-id') ?? '', (e.textContent ?? '').trim()] as const),
          )
        expect(new Map(shown)).toEqual(new Map(labels.map(l => [l.id, l.label])))
        for (const [i, p] of pages.entries()) {
          // The "Last move" line quotes the API's label of a move, which may name a card as printed ("Overclocked
          // Strike" holds "locked"): the labels of the moves are left out, as the action buttons are.
          const moves = await api<{ label: string }[]>(env.srv.app, 'GET', `/api/matches/${id}/log?lang=tr`, tokens[i])
          const shownText = await ownText(p, 'header, .controls, .actions, .chat, .board')
          const text = moves.reduce((rest, e) => rest.replaceAll(e.label, ''), shownText)
          expect(text.length).toBeGreaterThan(0)
          expect(
            ENGLISH.filter(part => text.includes(part)),
            `English on the page at version ${m.version}`,
          ).toEqual([])
        }
        if (move === 0) {
          await page.locator('.controls button.danger').click()
          const dialog = await ownText(page, '[role=alertdialog]')
          expect(dialog).toContain(tr.resignTitle!)
          expect(ENGLISH.filter(part => dialog.includes(part))).toEqual([])
          await page.getByRole('button', { name: tr.cancel! }).click()
        }
        await clickAction(page, offered[0]!)
        await pageAt(page, m.version + 1)
      }
      for (const p of pages) await p.context().close()
    },
  )
})

describe('rerolling in Marvel Dice Throne', () => {
  test('the dice are toggles and one Reroll button rerolls the selected ones; every listed roll action stays a button', async () => {
    const decks = diceThroneMarvel.sampleDecks().map(d => d.deck)
    const { id, tokens } = await newMatch(env.srv.app, 'dice-throne-marvel', 'controls-reroll', [decks[0], decks[1]])
    const pages = await Promise.all(tokens.map(t => seatPage(id, t)))
    // Towards the first offensive roll: roll when the seat may, else end the step.
    const preferred = ['roll', 'done', 'pass', 'noAttack']
    for (let move = 0; ; move++) {
      expect(move).toBeLessThan(40)
      const m = await api(env.srv.app, 'GET', `/api/matches/${id}`, tokens[0])
      const seat: number = m.toAct[0]
      const page = pages[seat]!
      const offered = await offeredActions(page, m.version)
      const legal = await api<{ id: string; action: { type: string; dice?: number[] } }[]>(
        env.srv.app,
        'GET',
        `/api/matches/${id}/legal-actions`,
        tokens[seat],
      )
      const rerolls = legal.filter(a => a.action.type === 'roll' && a.action.dice!.length > 0)
      if (rerolls.length >= 2) {
        expect(offered.sort()).toEqual(legal.map(a => a.id).sort())
        const toggles = page.getByRole('button', { name: /^Die \d/ })
        expect(await toggles.count()).toBeGreaterThan(0)
        const wanted = rerolls.find(a => a.action.dice!.length === 2) ?? rerolls[0]!
        // The listed roll actions' labels begin with "Reroll" too: the one button is found by its place.
        const reroll = page.locator('.reroll > button.primary')
        expect(await reroll.innerText()).toMatch(/^Reroll/)
        expect(await reroll.isDisabled()).toBe(true)
        for (const die of wanted.action.dice!) {
          const toggle = page.getByRole('button', { name: new RegExp(`^Die ${die + 1}\\b`) })
          await toggle.click()
          expect(await toggle.getAttribute('aria-pressed')).toBe('true')
        }
        await reroll.click()
        await pageAt(page, m.version + 1)
        const log = await movesAfter(env.srv.app, id, m.version, tokens[seat])
        expect(log[0]).toMatchObject({ seat, action: wanted.action })
        break
      }
      const byType = (type: string) => legal.find(a => a.action.type === type)
      const next = preferred.map(byType).find(a => a !== undefined) ?? legal[0]!
      await clickAction(page, next.id)
      await pageAt(page, m.version + 1)
    }
    for (const p of pages) await p.context().close()
  })
})
