// The match page's files as the server serves them: the page, its modules (every import resolvable by a browser), the
// vendor modules.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => srv?.close())

const get = (url: string) => srv.app.inject({ method: 'GET', url })

test('/play/{id} is the page: HTML under the CSP, with no inline script', async () => {
  const res = await get('/play/some-match-id')
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/html/)
  expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
  const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
  expect(scripts.length).toBeGreaterThan(0)
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/src="\/play\/assets\//)
    expect(body!.trim()).toBe('')
  }
})

/** Every module under web/play, by its served path. */
function modules(dir = 'web/play', served = '/play/assets'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory()
      ? modules(`${dir}/${e.name}`, `${served}/${e.name}`)
      : e.name.endsWith('.js')
        ? [`${served}/${e.name}`]
        : [],
  )
}

test('every module the page loads is served, and every import in it is a path the server answers (no bare specifier, no other origin)', async () => {
  const queue = ['/play/assets/app.js']
  const seen = new Set<string>()
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const res = await get(url)
    expect(res.statusCode, url).toBe(200)
    expect(res.headers['content-type'], url).toMatch(/javascript/)
    // `import` and `from` as keywords, not the end of a name (`t('cnc.from', …)`)
    for (const [, spec] of res.body.matchAll(/(?<![\w.$])(?:import|from)\s*["']([^"']+)["']/g)) {
      expect(spec, `${url} imports ${spec}`).toMatch(/^(\.{1,2}\/|\/play\/)/)
      queue.push(new URL(spec!, `http://x${url}`).pathname)
    }
  }
  expect([...seen]).toEqual(
    expect.arrayContaining([...modules(), '/play/vendor/preact.js', '/play/vendor/hooks.js', '/play/vendor/htm.js']),
  )
  expect((await get('/play/assets/style.css')).statusCode).toBe(200)
})

test('the hooks module is served pointing at the served Preact, the very file the page renders with', async () => {
  const hooks = (await get('/play/vendor/hooks.js')).body
  expect(hooks).not.toContain('from"preact"')
  expect(hooks).toContain('from"/play/vendor/preact.js"')
  expect((await get('/play/vendor/preact.js')).body).toBe(
    readFileSync('node_modules/preact/dist/preact.module.js', 'utf8'),
  )
})

test('an unknown vendor or asset file is a 404 with a code', async () => {
  for (const url of ['/play/vendor/react.js', '/play/assets/nope.js']) {
    const res = await get(url)
    expect(res.statusCode, url).toBe(404)
    expect(res.json().code, url).toBe('NOT_FOUND')
  }
})
