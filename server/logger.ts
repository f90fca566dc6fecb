import pino, { type Logger } from 'pino'

export type { Logger }

export function createLogger(level: string, pretty = process.stdout.isTTY): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'password', 'confirmPassword', 'code', 'token'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  })
}
