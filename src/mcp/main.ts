// `arbiter mcp [--url URL]`: the MCP server on stdin/stdout (nothing else goes to stdout).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { mcpServer } from './tools.ts'

export const MCP_USAGE = `usage: arbiter mcp [--url URL]

  An MCP server over stdio for LLM agents, a client of the Arbiter server at --url
  (default: ARBITER_URL, else http://localhost:3000).`

export async function runMcp(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, options: { url: { type: 'string' } } })
  const url = values.url ?? process.env.ARBITER_URL ?? 'http://localhost:3000'
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string
  }
  const server = mcpServer(url, pkg.version)
  const transport = new StdioServerTransport()
  // The server runs until its client closes stdin.
  const closed = new Promise<void>(resolve => {
    transport.onclose = () => resolve()
    process.stdin.on('end', () => resolve())
  })
  await server.connect(transport)
  process.stderr.write(`arbiter mcp: serving the Arbiter server at ${url}\n`)
  await closed
  await server.close()
}
