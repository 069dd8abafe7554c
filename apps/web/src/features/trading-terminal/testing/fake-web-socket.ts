import { act } from '@testing-library/react'
import { vi } from 'vitest'
import type { StreamClientMessage, StreamServerMessage } from '@tp/api'

/**
 * A WebSocket double put on globalThis: the code under test creates it as usual; the test plays
 * the server (open, receive, drop) and reads what the client sent. Nothing touches the network.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: FakeWebSocket[] = []

  readyState = FakeWebSocket.CONNECTING
  readonly sent: StreamClientMessage[] = []
  closedWith: number | null = null
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this)
  }

  /** The socket the client opened last. */
  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1)
    if (!socket) throw new Error('no WebSocket was opened')
    return socket
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send before open')
    this.sent.push(JSON.parse(data) as StreamClientMessage)
  }

  close(code = 1000) {
    this.closedWith = code
    this.readyState = FakeWebSocket.CLOSED
  }

  // ---- the server's side ----

  open() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN
      this.onopen?.(new Event('open'))
    })
  }

  receive(message: StreamServerMessage) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
    })
  }

  drop(code = 1006) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED
      this.onclose?.({ code, reason: '', wasClean: false } as CloseEvent)
    })
  }

  /** The messages sent of one type. */
  sentOf<T extends StreamClientMessage['type']>(type: T) {
    return this.sent.filter(
      (message): message is Extract<StreamClientMessage, { type: T }> => message.type === type,
    )
  }
}

export function installFakeWebSocket() {
  FakeWebSocket.instances = []
  vi.stubGlobal('WebSocket', FakeWebSocket)
  return FakeWebSocket
}
