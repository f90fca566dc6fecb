import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP pass-through to a real service (Redis) on a fixed local port, which a test can cut and restore: while cut,
 * open connections are dropped and new ones refused, as when the service goes away, and the app reconnects to the
 * same address once it is back.
 */
export class TcpProxy {
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()
  port = 0

  constructor(private readonly target: { host: string; port: number }) {}

  get url(): string {
    return `127.0.0.1:${this.port}`
  }

  async start(): Promise<this> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => socket.destroy())
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((ok) => this.server!.listen(this.port, '127.0.0.1', ok))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  /** Drops every connection and stops listening. */
  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    this.sockets.forEach((socket) => socket.destroy())
    if (server) await new Promise<void>((ok) => server.close(() => ok()))
  }

  /** Listens again on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.start()
  }

  close = () => this.cut()
}
