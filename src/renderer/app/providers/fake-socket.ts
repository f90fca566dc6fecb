import type { ServerEvent } from '@shared/realtime/events'

/** For tests: the browser WebSocket, played by the test. It opens and receives what the server would send. */
export class FakeSocket {
  static last: FakeSocket | null = null
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.last = this
  }
  send() {}
  close() {}
  receive(event: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }
}
