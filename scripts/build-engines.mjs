#!/usr/bin/env node
// Builds the `arbiter/engines` package entry as JavaScript with .d.ts types into dist/engines/ (run by `prepare` and
// .ci/run). Also writes dist/engines/sources.json, the sha256 of every source compiled, so a test can tell a build
// older than its sources.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const OUT = path.join(ROOT, 'dist/engines')

// `npm ci` also runs `prepare` where there is nothing to build: the Docker image's dependency layer (no sources yet)
// and a production install (no TypeScript). The server itself never needs the build.
if (!existsSync(path.join(ROOT, 'src/engines.ts'))) {
  process.stderr.write('build-engines: no src/engines.ts here, nothing to build\n')
  process.exit(0)
}
let ts
try {
  ts = (await import('typescript')).default
} catch {
  process.stderr.write('build-engines: typescript is not installed (a production install), dist/engines not built\n')
  process.exit(0)
}

const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: d => fail([d]) }
const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.engines.json'), {}, host)
if (config.errors.length) fail(config.errors)
rmSync(OUT, { recursive: true, force: true })
// `npm run typecheck` checks these sources; here they are only emitted (noCheck), which takes a fraction of the time.
const program = ts.createProgram(config.fileNames, { ...config.options, noCheck: true })
const result = program.emit()
const errors = [...program.getSyntacticDiagnostics(), ...program.getOptionsDiagnostics(), ...result.diagnostics]
if (errors.length || result.emitSkipped) fail(errors)

const sources = Object.fromEntries(
  program
    .getSourceFiles()
    .map(f => path.resolve(f.fileName))
    .filter(f => f.startsWith(path.join(ROOT, 'src') + path.sep))
    .map(f => [path.relative(ROOT, f), createHash('sha256').update(readFileSync(f)).digest('hex')])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
)
writeFileSync(path.join(OUT, 'sources.json'), `${JSON.stringify(sources, null, 1)}\n`)
process.stderr.write(`build-engines: ${Object.keys(sources).length} modules compiled into dist/engines/\n`)

function fail(diagnostics) {
  const text = ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: f => f,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  })
  process.stderr.write(`build-engines failed:\n${text}\n`)
  process.exit(1)
}
