import { act } from '@testing-library/react'
import { vi } from 'vitest'
import type { StreamClientMessage, StreamServerMessage } from '@tp/api/trading'

/**
 * A WebSocket double on globalThis: the dashboard opens it as usual, the test plays the server and
 * reads what the client sent. Nothing touches the network.
 */
export class FakeStream {
  static instances: FakeStream[] = []
  readyState = 0
  readonly sent: StreamClientMessage[] = []
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null

  constructor(readonly url: string) {
    FakeStream.instances.push(this)
  }

  static get latest(): FakeStream {
    const socket = FakeStream.instances.at(-1)
    if (!socket) throw new Error('no WebSocket was opened')
    return socket
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as StreamClientMessage)
  }

  close() {
    this.readyState = 3
  }

  open() {
    act(() => {
      this.readyState = 1
      this.onopen?.(new Event('open'))
    })
  }

  receive(message: StreamServerMessage) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
    })
  }
}

export function installFakeStream() {
  FakeStream.instances = []
  vi.stubGlobal('WebSocket', FakeStream)
  return FakeStream
}
