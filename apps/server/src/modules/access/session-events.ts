import { EventEmitter } from 'node:events'

/**
 * In-process notices about sessions, so that what holds a session open (a WebSocket) ends with it
 * at once: `ended` names the session, `userEnded` a user all of whose sessions ended (disabled).
 */
export class SessionEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0)

  emitEnded(sessionId: string): void {
    this.emitter.emit('ended', sessionId)
  }

  onEnded(listener: (sessionId: string) => void): () => void {
    this.emitter.on('ended', listener)
    return () => this.emitter.off('ended', listener)
  }
}
