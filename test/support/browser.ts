/** Headless Debian Chromium through playwright-core, with every request outside the server refused and recorded. */
import { existsSync, mkdirSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { startListeningServer, type ListeningServer } from './server.ts'

/** Debian's package (`apt-get install chromium`, done by .ci/run); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Where browser tests save screenshots (committed copies live in docs/screenshots/). */
export const ARTIFACTS_DIR = 'test-artifacts'

/**
 * The flags this machine needs: without the background-networking ones Chromium keeps dialling Google's
 * hosts, which the closed network refuses.
 */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH)
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS })
}

export interface GuardedContext {
  context: BrowserContext
  /**
   * Every request the pages made to anything but `origin` (each was aborted), and every URL the page's CSP blocked
   * (`csp:` prefix).
   */
  outside: string[]
}

/** A browser context whose pages may load only from `origin` (http and ws); anything else is aborted and recorded. */
export async function guardedContext(
  browser: Browser,
  origin: string,
  viewport = { width: 1100, height: 900 },
  locale?: string,
): Promise<GuardedContext> {
  const context = await browser.newContext({ viewport, ...(locale ? { locale } : {}) })
  const outside: string[] = []
  const allowed = new URL(origin)
  await context.route('**/*', route => {
    const url = new URL(route.request().url())
    if (url.host === allowed.host || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    outside.push(url.href)
    return route.abort()
  })
  // A request the page's own CSP blocks never reaches the router; the page reports it instead.
  await context.exposeBinding('__reportCspViolation', (_source, uri: string) => {
    outside.push(`csp:${uri}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', e => {
      ;(window as unknown as { __reportCspViolation(uri: string): void }).__reportCspViolation(e.blockedURI)
    })
  })
  return { context, outside }
}

export interface GuardedPage extends GuardedContext {
  page: Page
  /** The page's uncaught script errors. */
  errors: string[]
}

/** A guarded context's page opened at `url` (on `origin`), collecting the page's uncaught errors from the start. */
export async function openGuardedPage(
  browser: Browser,
  origin: string,
  url: string,
  viewport?: { width: number; height: number },
): Promise<GuardedPage> {
  const guarded = await guardedContext(browser, origin, viewport)
  const page = await guarded.context.newPage()
  const errors: string[] = []
  page.on('pageerror', e => errors.push(e.message))
  await page.goto(url)
  return { ...guarded, page, errors }
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  return `${ARTIFACTS_DIR}/${name}`
}

export interface BrowserTestEnv {
  /** A listening server with the production games (set in `beforeAll`). */
  readonly srv: ListeningServer
  readonly browser: Browser
}

/** Opens a server with the production games and a Chromium for the calling test file, and closes both after it. */
export function browserAndServer(): BrowserTestEnv {
  const env = {} as { srv: ListeningServer; browser: Browser }
  beforeAll(async () => {
    env.srv = await startListeningServer({ games: productionGames })
    env.browser = await launchBrowser()
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.srv?.close()
  })
  return env
}
