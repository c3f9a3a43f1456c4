/** A loopback HTTP server that records every webhook POSTed to it and answers `status` (200 unless a test sets it). */
import { createServer } from 'node:http'

export interface ReceivedWebhook {
  delivery: string
  body: string
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The status it answers with: a test sets 500 to make deliveries fail. */
  status: number
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const receiver: WebhookReceiver = {
    url: '',
    received,
    status: 200,
    close: () => new Promise(r => server.close(() => r())),
  }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', c => (body += c))
    req.on('end', () => {
      received.push({ delivery: String(req.headers['x-arbiter-delivery']), body })
      res.statusCode = receiver.status
      res.end()
    })
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  receiver.url = `http://127.0.0.1:${port}/hook`
  return receiver
}
