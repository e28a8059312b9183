import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver address got, as it came. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/**
 * A salon's other system on loopback, receiving webhooks: POST /<name> is kept and answered
 * with the status set for that name (200 until one is set).
 *
 * For tests in another process: PUT /__answer/<name> with {"status": 500} sets what an address
 * answers; GET /__received/<name> lists what it got, oldest first.
 */
export async function startWebhookReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const answers = new Map<string, number>();
  const received = new Map<string, ReceivedWebhook[]>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const answer = /^\/__answer\/([\w-]+)$/.exec(path);
    if (req.method === "PUT" && answer) {
      answers.set(answer[1]!, (JSON.parse(body) as { status: number }).status);
      return res.writeHead(204).end();
    }
    const asked = /^\/__received\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && asked) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(received.get(asked[1]!) ?? []));
    }
    const name = /^\/([\w-]+)$/.exec(path)?.[1];
    if (req.method !== "POST" || !name) return res.writeHead(404).end("Not found");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, [value].flat().join(", ")]));
    received.set(name, [...(received.get(name) ?? []), { headers, body }]);
    res.writeHead(answers.get(name) ?? 200, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
