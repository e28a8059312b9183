import { Hono } from "hono";
import { clientListQuery, clientMergeSchema, clientUpdateSchema } from "../../contract/clients.ts";
import { clientExportPage, eraseClient, getClient, listClients, mergeClients, updateClient, type ClientExportRow, type ExportCursor } from "../data/clients.ts";
import { database } from "../data/db.ts";
import { withTenant } from "../data/tenant.ts";
import { allow, inSalon, rowId, tenantOf, wholeSalonOnly, type SalonEnv } from "../platform/http/tenant.ts";
import { jsonBody, query } from "../platform/http/validate.ts";
import { csvLine, UTF8_BOM } from "./csv.ts";

/** Clients the export reads from the database at a time; a salon's whole list is never held at once. */
const EXPORT_PAGE = 500;

/** The export's columns: the heading's message id and the cell of a client. */
const COLUMNS: [string, (row: ClientExportRow) => string][] = [
  ["clients.export.name", (row) => row.name ?? ""],
  ["clients.export.phones", (row) => row.phones.join(" ")],
  ["clients.export.email", (row) => row.email ?? ""],
  ["clients.export.language", (row) => row.language ?? ""],
  ["clients.export.preferredStylist", (row) => row.preferred_stylist ?? ""],
  ["clients.export.notes", (row) => row.notes ?? ""],
  ["clients.export.marketingConsent", (row) => (row.marketing_consent ? "yes" : "no")],
  ["clients.export.source", (row) => row.source],
  ["clients.export.createdAt", (row) => row.created_at.toISOString()],
  ["clients.export.id", (row) => row.id],
];

const csvRows = (rows: ClientExportRow[]) => rows.map((row) => csvLine(COLUMNS.map(([, cell]) => cell(row)))).join("");

/**
 * Everything under /api/dashboard/clients: the list and search, a client's page, the owner's
 * edits, merges and erasure, and the CSV export.
 */
export const clientRoutes = new Hono<SalonEnv>()
  .use(allow("clients"))
  .get("/", query(clientListQuery), async (c) => {
    const page = c.req.valid("query");
    return c.json(await inSalon(c, (scope) => listClients(scope, page)));
  })
  // The first page is read before the answer starts, so a database that cannot be reached is
  // still a 503; the rest is read page by page as the download goes, each page in a
  // transaction of its own on a client that outlives the request's.
  .get("/export.csv", wholeSalonOnly, async (c) => {
    const first = await inSalon(c, (scope) => clientExportPage(scope, null, EXPORT_PAGE));
    const tenant = tenantOf(c);
    const db = database(c.env);
    const encoder = new TextEncoder();
    let next: ExportCursor | null = first.next;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvLine(COLUMNS.map(([heading]) => c.var.t(heading))) + csvRows(first.rows)));
        if (!next) controller.close();
      },
      async pull(controller) {
        if (!next) return;
        const after = next;
        const page = await withTenant(db, tenant, (scope) => clientExportPage(scope, after, EXPORT_PAGE));
        controller.enqueue(encoder.encode(csvRows(page.rows)));
        next = page.next;
        if (!next) controller.close();
      },
    });
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="clients.csv"',
    });
  })
  .get("/:id", async (c) => {
    const id = rowId(c);
    return c.json(await inSalon(c, (scope) => getClient(scope, id)));
  })
  .put("/:id", jsonBody(clientUpdateSchema), async (c) => {
    const id = rowId(c);
    const change = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateClient(scope, id, change)));
  })
  // Erasure: the client and their name, numbers and words everywhere; the appointments' slots
  // and the calls' durations and costs stay.
  .delete("/:id", wholeSalonOnly, async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => eraseClient(scope, id));
    return c.body(null, 204);
  })
  .post("/:id/merge", wholeSalonOnly, jsonBody(clientMergeSchema), async (c) => {
    const id = rowId(c);
    const { other } = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => mergeClients(scope, id, other)));
  });
