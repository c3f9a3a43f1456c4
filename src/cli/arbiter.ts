// The `arbiter` command line: `arbiter sim …` runs a bot-vs-bot tournament (see SIM_USAGE); `arbiter engine --stdio`
// serves the engines locally (ENGINE_USAGE); `arbiter mcp` is an MCP server.
import { parseSimArgs, SIM_USAGE } from './sim-args.ts'
import { runSim } from './sim.ts'
import { ENGINE_USAGE, serveEngineStdio } from './engine-stdio.ts'
import { productionGames } from '../games/index.ts'

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command === 'mcp') {
    // Loaded only here: `arbiter sim` has no use for the MCP SDK.
    const { MCP_USAGE, runMcp } = await import('../mcp/main.ts')
    if (rest.includes('--help') || rest.includes('-h')) process.stderr.write(`${MCP_USAGE}\n`)
    else await runMcp(rest)
    return 0
  }
  if (command === 'engine') {
    if (!rest.includes('--stdio')) {
      process.stderr.write(`${ENGINE_USAGE}\n`)
      return rest.includes('--help') || rest.includes('-h') ? 0 : 2
    }
    await serveEngineStdio(productionGames, process.stdin, process.stdout, m => process.stderr.write(`${m}\n`))
    return 0
  }
  if (command !== 'sim' || rest.includes('--help') || rest.includes('-h')) {
    process.stderr.write(
      `${SIM_USAGE}\n\n   or: arbiter mcp [--url URL]   (an MCP server for LLM agents; arbiter mcp --help)\n   or: arbiter engine --stdio    (the engines over JSON lines; arbiter engine --help)\n`,
    )
    return command === 'sim' || command === '--help' ? 0 : 2
  }
  const run = await runSim(parseSimArgs(rest), true)
  process.stdout.write(`${run.table}\n`)
  process.stderr.write(`${run.timing}\n`)
  for (const f of run.files) process.stderr.write(`wrote ${f}\n`)
  return 0
}

main(process.argv.slice(2)).then(
  code => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`arbiter: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
