type Message = { type: string; [key: string]: unknown };

/** What both workerd's and the `ws` package's WebSocket offer. */
interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
}

/** A JSON WebSocket from a test's side: messages are queued until the test waits for them. */
export class JsonSocket {
  private readonly inbox: Message[] = [];
  private readonly waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly socket: SocketLike) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      const waiter = this.waiters.find((w) => w.match(message));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else this.inbox.push(message);
    });
    this.closed = new Promise((resolve) => socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  }

  /** The first message, queued or coming, that matches; fails after `ms`. */
  next(match: string | ((m: Message) => boolean), ms = 5000): Promise<Message> {
    const test = typeof match === "string" ? (m: Message) => m.type === match : match;
    const index = this.inbox.findIndex(test);
    if (index >= 0) return Promise.resolve(this.inbox.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = { match: test, resolve: (m: Message) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${typeof match === "string" ? match : "matching"} message within ${ms} ms; got ${JSON.stringify(this.inbox.map((m) => m.type))}`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** Everything queued so far that matches, without waiting. */
  take(match: (m: Message) => boolean): Message[] {
    const found = this.inbox.filter(match);
    for (const m of found) this.inbox.splice(this.inbox.indexOf(m), 1);
    return found;
  }

  send(message: unknown) {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  close() {
    try {
      this.socket.close(1000, "done");
    } catch {
      /* closed by the other side */
    }
  }
}
