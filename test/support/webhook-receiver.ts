/** A loopback HTTP server that records every webhook POSTed to it and answers 200. */
import { createServer } from 'node:http'

export interface ReceivedWebhook {
  delivery: string
  body: string
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      received.push({ delivery: String(req.headers['x-arbiter-delivery']), body })
      res.end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((r) => server.close(() => r())) }
}
