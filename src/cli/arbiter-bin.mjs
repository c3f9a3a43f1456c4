#!/usr/bin/env node
// The package's `arbiter` bin: registers tsx, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api'

register()
await import('./arbiter.ts')
