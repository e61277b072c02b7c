// Live Hrana streams by baton, and their idle expiry.
import { randomBytes } from 'node:crypto';
import { Stream, type StreamOptions } from './streams.ts';
import { ProtocolError } from './values.ts';

/** Live streams by baton. A baton is single-use: each response carries a fresh one. */
export class StreamRegistry {
  private readonly streams = new Map<number, Stream>();
  private readonly expired = new Set<number>();
  private nextId = 1;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly opts: StreamOptions & { idleTimeoutMs: number }) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(1000, opts.idleTimeoutMs / 2));
    this.sweeper.unref();
  }

  acquire(baton: unknown): Stream {
    let stream: Stream | undefined;
    if (baton == null) {
      stream = new Stream(this.nextId++, this.opts);
      this.streams.set(stream.id, stream);
    } else {
      const id = typeof baton === 'string' ? Number(baton.split('.')[0]) : NaN;
      stream = this.streams.get(id);
      if (!stream && this.expired.has(id)) {
        throw new ProtocolError('The stream has expired due to inactivity', 'STREAM_EXPIRED', 500);
      }
      if (!stream) throw new ProtocolError('Received an invalid baton', 'BATON_INVALID');
      if (stream.baton !== baton) throw new ProtocolError('Received a baton that has already been used', 'BATON_REUSED');
    }
    stream.baton = null;
    stream.running = true;
    return stream;
  }

  /** Hands the stream back after a request; returns its next baton, or null once closed. */
  release(stream: Stream): string | null {
    stream.running = false;
    stream.lastUsed = Date.now();
    if (stream.closed) {
      this.streams.delete(stream.id);
      return null;
    }
    stream.baton = `${stream.id}.${randomBytes(18).toString('base64url')}`;
    return stream.baton;
  }

  drop(stream: Stream): void {
    stream.close();
    this.release(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  private sweep(): void {
    const cutoff = Date.now() - this.opts.idleTimeoutMs;
    for (const s of this.streams.values()) {
      if (s.running || s.lastUsed > cutoff) continue;
      s.close();
      this.streams.delete(s.id);
      this.expired.add(s.id);
      if (this.expired.size > 10_000) this.expired.delete(this.expired.values().next().value!);
    }
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const s of this.streams.values()) s.close();
    this.streams.clear();
  }
}
