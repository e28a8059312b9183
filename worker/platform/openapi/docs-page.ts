import { API_KEY_LIMITS } from "../../../contract/api-keys.ts";
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from "../../../contract/webhooks.ts";
import type { OpenApiDocument } from "./document.ts";

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; enum?: unknown[]; items?: JsonSchema; format?: string; properties?: Record<string, JsonSchema>; required?: string[] };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A schema's type in a few words: "string or null", "one of: read, read_write". */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.enum) return `one of: ${schema.enum.join(", ")}`;
  if (schema.type === "array") return `array of ${schema.items ? typeOf(schema.items) : "values"}`;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return schema.format ? `${schema.type ?? "value"} (${schema.format})` : (schema.type ?? "any value");
}

function fieldsTable(caption: string, rows: { name: string; where?: string; required: boolean; schema: JsonSchema }[]): string {
  if (rows.length === 0) return "";
  const where = rows.some((row) => row.where);
  return `<table><caption>${escape(caption)}</caption><thead><tr><th scope="col">Name</th>${where ? '<th scope="col">In</th>' : ""}<th scope="col">Type</th><th scope="col">Required</th></tr></thead><tbody>${rows
    .map((row) => `<tr><td><code>${escape(row.name)}</code></td>${where ? `<td>${escape(row.where ?? "")}</td>` : ""}<td>${escape(typeOf(row.schema))}</td><td>${row.required ? "yes" : "no"}</td></tr>`)
    .join("")}</tbody></table>`;
}

const propertiesOf = (schema: JsonSchema | undefined) =>
  Object.entries((schema?.type === "array" ? schema.items : schema)?.properties ?? {}).map(([name, property]) => ({
    name,
    required: (schema?.type === "array" ? schema.items : schema)?.required?.includes(name) ?? false,
    schema: property,
  }));

interface OperationView {
  summary: string;
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
}

function operationSection(method: string, path: string, operation: OperationView): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
  const body = operation.requestBody?.content["application/json"].schema;
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  const answer = success?.[1].content?.["application/json"].schema;
  return `<section aria-labelledby="${id}"><h3 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(operation.summary)}</p>
${fieldsTable("Parameters", operation.parameters.map((parameter) => ({ ...parameter, where: parameter.in })))}
${body ? fieldsTable("Body fields (JSON)", propertiesOf(body)) : ""}
${answer ? fieldsTable(answer.type === "array" ? "Answer: a list of objects with these fields" : "Answer fields", propertiesOf(answer)) : ""}
<p class="responses">Responses: ${Object.entries(operation.responses)
    .map(([status, response]) => `<strong>${status}</strong> ${escape(response.description)}`)
    .join(" · ")}</p></section>`;
}

/** The reference as a page to read: no scripts, styles of its own (the site's CSP allows inline styles). */
export function docsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, OperationView & { tags: string[] }][]) {
      const tag = operation.tags[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, operation)]);
    }
  }
  const server = document.servers[0]!.url;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2937;background:#f9fafb;line-height:1.5}
main{max-width:960px;margin:0 auto;padding:24px 16px 64px}
h1{font-size:1.75rem;margin:0 0 8px}h2{font-size:1.3rem;margin:40px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
h3{font-size:1rem;margin:0 0 4px;word-break:break-all}
section{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:12px 0}
.method{display:inline-block;min-width:4.2em;font-family:ui-monospace,monospace;color:#fff;background:#4338ca;border-radius:4px;padding:0 6px;text-align:center}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
pre{background:#111827;color:#f9fafb;padding:12px;border-radius:6px;overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:.9rem;display:block;overflow-x:auto}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f4f6}
.responses{font-size:.9rem;color:#374151}
nav ul{padding-left:20px}a{color:#4338ca}
</style></head>
<body><main>
<h1>${escape(document.info.title)}</h1>
<p>Read and change a salon's appointments, clients, stylists and services, and read its calls, from your own program. The machine-readable description is the <a href="/api/openapi.json">OpenAPI 3.1 document</a>.</p>
<nav aria-label="Resources"><ul>${[...byTag.keys()].map((tag) => `<li><a href="#${tag.toLowerCase()}">${escape(tag)}</a></li>`).join("")}</ul></nav>
<h2 id="authentication">Authentication</h2>
<p>The salon owner creates an API key in Salon Settings under API. The key is shown once; keep it secret. Send it with every request:</p>
<pre>curl -H "Authorization: Bearer rk_…" "${escape(server)}/api/dashboard/stylists"</pre>
<p>A <strong>read</strong> key may only use GET; a <strong>read and write</strong> key may also create, change and delete. No key may manage keys, the account or sign-in. A revoked key is refused at once with 401.</p>
<h2 id="limits">Rate limit and errors</h2>
<p>Each key may make ${API_KEY_LIMITS.perMinute} requests a minute; past that the answer is 429 with a Retry-After header. Every error answers <code>{"detail": "…"}</code>, in English, German or Czech as the Accept-Language header asks.</p>
<h2 id="webhooks">Webhooks</h2>
<p>Instead of asking, a program can be told: the salon owner adds a webhook endpoint in the dashboard and chooses its events (${WEBHOOK_EVENTS.map((event) => `<code>${event}</code>`).join(", ")}). Each is posted as JSON, <code>{"type", "timestamp", "data"}</code>, where <code>data</code> is the appointment, call or client. It is signed the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> way: <code>webhook-id</code> (the same on every retry), <code>webhook-timestamp</code> and <code>webhook-signature</code>, <code>v1,</code> and the base64 HMAC-SHA256 of <code>{id}.{timestamp}.{body}</code> keyed with the secret's bytes after <code>whsec_</code>. Any Standard Webhooks library checks it:</p>
<pre>import { Webhook } from "standardwebhooks";
const event = new Webhook(secret).verify(rawBody, headers);</pre>
<p>A 2xx answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} seconds delivers an event; otherwise it is tried again after about 1, 5 and 30 minutes, 2, 6 and 12 hours, ${WEBHOOK_LIMITS.attempts} attempts in all. One appointment's events arrive in the order they happened.</p>
${[...byTag.entries()].map(([tag, sections]) => `<h2 id="${tag.toLowerCase()}">${escape(tag)}</h2>${sections.join("\n")}`).join("\n")}
</main></body></html>`;
}
