import { z } from "zod/mini";
import { API_KEY_LIMITS } from "../../../contract/api-keys.ts";
import { errorResponse } from "../../../contract/api-responses.ts";
import { OPERATIONS, type Operation } from "./operations.ts";

type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. Requests are described as sent
 * (before defaults and parsing), answers as sent back. Checks JSON Schema cannot say (a
 * refinement, a transform) are left to the server, which answers 422 when one fails.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ERROR_REF } } });

const REFUSALS = {
  "401": errorAnswer("No key or session, or a revoked or unknown key."),
  "403": errorAnswer("A read key asked to change something, or a key asked for what only a signed-in person may do."),
  "404": errorAnswer("No such row in this salon."),
  "422": errorAnswer("The input is invalid; `fields` names each field's problem."),
  "429": errorAnswer(`More than ${API_KEY_LIMITS.perMinute} requests in a minute with this key; wait as Retry-After says.`),
};

function queryParameters(query: z.ZodMiniType) {
  const schema = jsonSchemaOf(query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operationObject(operation: Operation) {
  const idParameter = operation.path.includes("{id}") ? [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }] : [];
  const answer = operation.response ? jsonSchemaOf(operation.response, "output") : undefined;
  return {
    tags: [operation.tag],
    summary: operation.summary,
    operationId: `${operation.method}${operation.path.replace(/^\/api/, "").replace(/[^a-z]+([a-z])?/gi, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    parameters: [...idParameter, ...(operation.query ? queryParameters(operation.query) : [])],
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(operation.body, "input") } } } } : {}),
    responses: {
      [String(operation.status)]: answer
        ? { description: "Done.", content: { "application/json": { schema: operation.list ? { type: "array", items: answer } : answer } } }
        : { description: "Done; no content." },
      ...REFUSALS,
    },
  };
}

/** The OpenAPI 3.1 document of the dashboard API as an integrator uses it, served from `origin`. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  return {
    openapi: "3.1.0",
    info: {
      title: "Recepta dashboard API",
      version: "1",
      description:
        "Read and change a salon's appointments, clients, stylists and services, and read its calls. " +
        "Authenticate with an API key the salon owner creates in Salon Settings under API, sent as `Authorization: Bearer rk_…`. " +
        `A read key may only use GET; each key may make ${API_KEY_LIMITS.perMinute} requests a minute. ` +
        "Errors answer `{\"detail\": \"…\"}` in the language of the Accept-Language header (en, de, cs).",
    },
    servers: [{ url: origin }],
    security: [{ apiKey: [] }],
    tags: [...new Set(OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key: `rk_` and 32 letters and digits." } },
      schemas: { Error: jsonSchemaOf(errorResponse, "output") },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
