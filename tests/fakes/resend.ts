import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { from: string; to: string | string[]; subject: string; text?: string; html?: string };
}

/**
 * A stand-in for Resend's HTTP API (POST /emails) on loopback. Mail to an address that
 * contains "bounce" is refused the way Resend refuses it. GET /__received lists what came in.
 */
export async function startFakeResend(): Promise<{ url: string; server: Server }> {
  const received: ReceivedMail[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/__received") return send(200, received);
    if (req.method !== "POST" || req.url !== "/emails") return send(404, { message: "not found" });
    if (!req.headers.authorization?.startsWith("Bearer re_")) {
      return send(401, { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedMail["body"];
    if (String(body.to).includes("bounce")) {
      return send(422, { statusCode: 422, name: "validation_error", message: "Invalid `to` field." });
    }
    received.push({ authorization: req.headers.authorization, idempotencyKey: req.headers["idempotency-key"] as string | undefined, body });
    send(200, { id: `fake-${received.length}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
