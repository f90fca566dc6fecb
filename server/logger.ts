import pino, { type DestinationStream, type Logger } from 'pino'

export type { DestinationStream, Logger }

/** destination: where the JSON lines go instead of stdout (tests read what the server logged) */
export function createLogger(level: string, pretty = process.stdout.isTTY, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: ['req.headers.cookie', 'password', 'confirmPassword', 'code', 'token'],
    ...(pretty && !destination ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } } : {}),
  }
  return destination ? pino(options, destination) : pino(options)
}
