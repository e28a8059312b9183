import { afterAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../worker/platform/openapi/document.ts";
import { sql } from "./auth-helpers.ts";
import { czechSalon } from "./client-helpers.ts";
import { api } from "./helpers.ts";

afterAll(() => sql.end());

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; minItems?: number; anyOf?: Schema[]; enum?: unknown[]; minimum?: number; multipleOf?: number; default?: unknown };

/**
 * The smallest body a schema describes: its required fields only, each null where allowed or
 * else the first thing its schema allows; text fields whose format the schema names by pattern
 * take `samples[name]`.
 */
function example(schema: Schema, samples: Record<string, unknown>, name = ""): unknown {
  if (name in samples) return samples[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return schema.anyOf.some((branch) => branch.type === "null") ? null : example(schema.anyOf[0]!, samples, name);
  switch (schema.type) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((field) => [field, example(schema.properties![field]!, samples, field)]));
    case "array":
      return schema.minItems ? [example(schema.items!, samples)] : [];
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, schema.multipleOf ?? 1);
    case "boolean":
      return true;
    default:
      return "Example";
  }
}

describe("the OpenAPI document", () => {
  it("is served with the request's origin as its server", async () => {
    const served = await api("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(served.json).toEqual(openApiDocument("http://localhost"));
    expect((served.json.servers as { url: string }[])[0]!.url).toBe("http://localhost");
  });

  it("reads as a page listing every operation, with no scripts", async () => {
    const page = await api("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).not.toContain("<script");
    expect(page.text).toContain("Authorization: Bearer rk_…");
    expect(page.text).toContain("600 requests a minute");
    for (const [path, methods] of Object.entries(openApiDocument("http://localhost").paths)) {
      for (const method of Object.keys(methods)) expect(page.text).toContain(`<span class="method">${method.toUpperCase()}</span> <code>${path}</code>`);
    }
  });

  it("describes request bodies the real routes accept", async () => {
    const salon = await czechSalon();
    // Two bookings make two clients: the first is changed, and the second merged into it.
    await salon.book({ customer_name: "Eva Dvořáková", customer_phone: "+420601111222" });
    await salon.book({ customer_name: "Eva D.", customer_phone: "+420601111333" });
    const clients = (await salon.owner.call("/api/dashboard/clients")).json.items as { id: string; name: string }[];
    const client = (name: string) => clients.find((c) => c.name === name)!.id;
    const samples = {
      stylist: salon.stylist,
      service: salon.service,
      start_datetime: "2027-03-02T09:00:00Z",
      end_datetime: "2027-03-02T10:00:00Z",
      other: client("Eva D."),
    };
    const { paths } = openApiDocument("http://localhost");
    // A PUT changes the row its resource's POST just made.
    const made: Record<string, string> = { "/api/dashboard/clients": client("Eva Dvořáková") };
    let tried = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods) as [string, { requestBody?: { content: { "application/json": { schema: Schema } } } }][]) {
        if (!operation.requestBody) continue;
        const body = example(operation.requestBody.content["application/json"].schema, samples);
        const resource = path.replace(/\/\{id\}.*$/, "");
        const url = path.replace("{id}", made[resource] ?? "");
        // A move names the version it was read at, as the calendar sends what it shows.
        if (typeof body === "object" && body !== null && "version" in body) body.version = (await salon.owner.call(url)).json.version;
        const answer = await salon.owner.call(url, { method: method.toUpperCase(), body });
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}: ${answer.text}`).toBeLessThan(300);
        if (method === "post") made[resource] = answer.json.id as string;
        tried++;
      }
    }
    expect(tried).toBe(9);
  });
});
