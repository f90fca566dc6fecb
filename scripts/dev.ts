/**
 * `npm run dev`: the server restarting on change (tsx watch) and Vite's dev server with hot reload,
 * which proxies /api and /ws to the server. Open http://localhost:5173.
 */
import { spawn, type ChildProcess } from 'node:child_process'

const children: ChildProcess[] = []

function start(name: string, command: string, args: string[]) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } })
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping`)
    stop()
  })
  children.push(child)
}

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(0), 500)
}

process.on('SIGINT', stop)
process.on('SIGTERM', stop)

start('server', 'npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'])
start('renderer', 'npx', ['vite', '--config', 'vite.web.config.ts'])
