// The landing page at / in a real browser: lists the games from the API, its links resolve, and "Try it" creates a
// match against a bot.
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer } from '../../src/server.ts'
import { artifactPath, openGuardedPage, browserAndServer } from '../support/browser.ts'
import { gql } from '../support/server.ts'

const env = browserAndServer()

describe('the landing page at /', () => {
  it('lists the three games with their bots, and every link on it answers 200, with no outside request and no CSP violation', async () => {
    const { context, page, outside, errors } = await openGuardedPage(env.browser, env.srv.base, `${env.srv.base}/`, {
      width: 1200,
      height: 1000,
    })
    await page.waitForSelector('li.game >> nth=2')
    const cards = await page.$$eval('li.game', els =>
      els.map(el => ({
        id: (el as HTMLElement).dataset.game,
        name: el.querySelector('h3')?.textContent,
        bots: [...el.querySelectorAll('.try-bot option')].map(o => (o as HTMLOptionElement).value),
      })),
    )
    const games = (await gql(env.srv.app, '{ games { id name bots } }')).data.games as {
      id: string
      name: string
      bots: string[]
    }[]
    expect(cards.map(c => c.id).sort()).toEqual(['cyber-net-cards', 'cyberpunk-tcg', 'dice-throne-marvel'])
    for (const g of games) {
      const card = cards.find(c => c.id === g.id)!
      expect(card.name).toBe(g.name)
      expect([...card.bots].sort()).toEqual([...g.bots].sort())
    }
    expect(await page.textContent('#games-status')).toBe('3 games served.')
    // The quick start's commands name the origin the page was served from.
    expect(await page.textContent('#quick-start pre')).toContain(`A=${env.srv.base}\n`)
    const links = await page.$$eval('a[href]', els => els.map(a => (a as HTMLAnchorElement).href))
    const paths = [
      ...new Set(
        links
          .map(l => new URL(l))
          .filter(u => !u.hash)
          .map(u => u.pathname),
      ),
    ]
    expect(paths).toEqual(expect.arrayContaining(['/graphiql', '/docs', '/docs/json', '/health', '/metrics']))
    for (const href of links) expect(new URL(href).origin).toBe(env.srv.base)
    for (const p of paths)
      expect({ p, status: (await fetch(`${env.srv.base}${p}`)).status }).toEqual({ p, status: 200 })
    await page.screenshot({ path: artifactPath('landing.png'), fullPage: true })
    expect(outside).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('"Try it" creates a match of that game against the chosen bot with the chosen sample deck, and opens /play/<id>#seat=<token>', async () => {
    const { context, page, outside } = await openGuardedPage(env.browser, env.srv.base, `${env.srv.base}/`)
    const card = page.locator('li.game[data-game="dice-throne-marvel"]')
    await card.locator('.try-deck').selectOption({ index: 1 })
    await card.locator('.try-bot').selectOption('random')
    await card.locator('.try-button').click()
    await page.waitForURL(/\/play\/[^/#]+#seat=.+/)
    const url = new URL(page.url())
    const matchId = decodeURIComponent(url.pathname.split('/')[2]!)
    const token = decodeURIComponent(url.hash.slice('#seat='.length))
    const m = (
      await gql(
        env.srv.app,
        `query($id: ID!) { match(id: $id) { game seat seats { seat name bot } view } }`,
        { id: matchId },
        token,
      )
    ).data.match as {
      game: string
      seat: number
      seats: unknown[]
      view: { players: { seat: number; hero: string }[] }
    }
    expect(m.game).toBe('dice-throne-marvel')
    // The token is seat 0's: the page's player (a generated name, as none was typed), against the random bot.
    expect(m.seat).toBe(0)
    expect(m.seats).toEqual([
      { seat: 0, name: expect.stringMatching(/^Player \d{4}$/), bot: null },
      { seat: 1, name: expect.any(String), bot: 'random' },
    ])
    const secondDeck = productionGames.find(g => g.id === 'dice-throne-marvel')!.sampleDecks()[1]!.deck as {
      hero: string
    }
    expect(m.view.players.find(p => p.seat === 0)!.hero).toBe(secondDeck.hero)
    expect(outside).toEqual([])
    await context.close()
  })

  it('with GRAPHIQL off, shows no link to GraphiQL (the rest of the page as before)', async () => {
    const off = await buildServer({
      db: env.srv.db,
      registry: new GameRegistry(productionGames),
      graphiql: false,
      jobs: false,
    })
    try {
      await off.listen({ port: 0, host: '127.0.0.1' })
      const addr = off.server.address()
      const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      const { context, page, outside } = await openGuardedPage(env.browser, base, `${base}/`)
      await page.waitForSelector('li.game >> nth=2')
      await page.waitForFunction(() => document.querySelectorAll('a[href="/graphiql"]').length === 0)
      expect(await page.textContent('nav')).toContain('GraphiQL (off on this server)')
      expect(await page.locator('a[href="/docs"]').count()).toBeGreaterThan(0)
      expect(outside).toEqual([])
      await context.close()
    } finally {
      await off.close()
    }
  })
})
