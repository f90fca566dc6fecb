import { readFileSync, readdirSync } from 'node:fs'

const TICKS_PER_SECOND = 100

/** Name and utime + stime in seconds of a process (Linux /proc), or null once it is gone. */
function processStat(pid: number): { name: string; seconds: number } | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // the name is in parentheses and may hold spaces; the other fields count from the closing one
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND }
}

const processSeconds = (pid: number) => processStat(pid)?.seconds ?? 0

/**
 * Seconds the process's main thread (its JavaScript) ran, and spent ready to run but waiting for a core, from
 * /proc/PID/task/PID/schedstat; zeros once it is gone or where the kernel keeps no scheduler statistics.
 */
function mainThreadSchedule(pid: number): { running: number; waiting: number } {
  try {
    const [running, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number)
    return { running: running! / 1e9, waiting: waiting! / 1e9 }
  } catch {
    return { running: 0, waiting: 0 }
  }
}

/** CPU seconds of every process with one of these names, by pid. */
function secondsByName(names: string[]): Map<number, number> {
  const found = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = processStat(Number(entry))
    if (stat && names.includes(stat.name)) found.set(Number(entry), stat.seconds)
  }
  return found
}

/** CPU seconds the named processes used since `before` (processes started since count whole). */
function usedSince(before: Map<number, number>, names: string[]): number {
  let used = 0
  for (const [pid, seconds] of secondsByName(names)) used += seconds - (before.get(pid) ?? 0)
  return used
}

const DATABASE = ['postgres']
const REDIS = ['redis-server']

/** Busy and total CPU time of the whole machine, in seconds. */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[]
  const busy = user! + nice! + system! + irq! + softirq! + steal!
  return { busy: busy / TICKS_PER_SECOND, total: (busy + idle! + iowait!) / TICKS_PER_SECOND }
}

export interface CpuShares {
  /** each server process, in cores (1.0 = one core busy the whole time) */
  servers: number[]
  /**
   * each server's main thread, as shares of the time: running, and ready but waiting for a core. Together near 1,
   * the thread is the limit, and the waiting share is what other processes on its cores took from it.
   */
  serverThreads: { running: number; waiting: number }[]
  /** this process: the bench's clients */
  client: number
  /** every PostgreSQL process (the server's connections and the database's own workers) */
  database: number
  redis: number
  /** every core of the machine busy, in cores: the servers, the client, PostgreSQL, Redis and anything else running */
  machine: number
}

/** CPU used between start and stop, by the given server processes, this process and the machine. */
export function startCpuMeter(serverPids: number[]) {
  const started = performance.now()
  const servers = serverPids.map(processSeconds)
  const threads = serverPids.map(mainThreadSchedule)
  const client = process.cpuUsage()
  const database = secondsByName(DATABASE)
  const redis = secondsByName(REDIS)
  const machine = machineSeconds()
  return {
    stop(): CpuShares {
      const seconds = (performance.now() - started) / 1000
      const used = process.cpuUsage(client)
      const now = machineSeconds()
      return {
        servers: serverPids.map((pid, i) => (processSeconds(pid) - servers[i]!) / seconds),
        serverThreads: serverPids.map((pid, i) => {
          const now = mainThreadSchedule(pid)
          return { running: (now.running - threads[i]!.running) / seconds, waiting: (now.waiting - threads[i]!.waiting) / seconds }
        }),
        client: (used.user + used.system) / 1e6 / seconds,
        database: usedSince(database, DATABASE) / seconds,
        redis: usedSince(redis, REDIS) / seconds,
        machine: (now.busy - machine.busy) / seconds,
      }
    },
  }
}
