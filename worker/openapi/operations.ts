import type { z } from "zod/mini";
import { appointmentResponse, callListResponse, clientListResponse, serviceResponse, stylistResponse } from "../../contract/api-responses.ts";
import { appointmentRangeQuery, appointmentSchema } from "../../contract/appointments.ts";
import { callListQuery } from "../../contract/calls.ts";
import { clientListQuery } from "../../contract/clients.ts";
import { serviceSchema, stylistSchema } from "../../contract/salon.ts";

/** One operation of the reference: the contract's schemas of its input and its answer. */
export interface Operation {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI's form: `{id}` for a row's id. */
  path: string;
  tag: string;
  summary: string;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The answer's status, and its schema; none for 204. */
  status: 200 | 201 | 204;
  response?: z.ZodMiniType;
  /** Whether the answer is a list of `response`. */
  list?: boolean;
}

/** The resources an integrator uses: appointments, clients, stylists, services, calls. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/dashboard/appointments", tag: "Appointments", summary: "List the appointments that overlap a time range.", query: appointmentRangeQuery, status: 200, response: appointmentResponse, list: true },
  { method: "post", path: "/api/dashboard/appointments", tag: "Appointments", summary: "Book an appointment; the client gets a confirmation when messages are on.", body: appointmentSchema, status: 201, response: appointmentResponse },
  { method: "get", path: "/api/dashboard/appointments/{id}", tag: "Appointments", summary: "Read one appointment.", status: 200, response: appointmentResponse },
  { method: "put", path: "/api/dashboard/appointments/{id}", tag: "Appointments", summary: "Change an appointment.", body: appointmentSchema, status: 200, response: appointmentResponse },
  { method: "delete", path: "/api/dashboard/appointments/{id}", tag: "Appointments", summary: "Cancel an appointment; its record stays and the time is free again.", status: 204 },
  { method: "get", path: "/api/dashboard/clients", tag: "Clients", summary: "List the salon's clients, one page at a time, optionally filtered by a search text.", query: clientListQuery, status: 200, response: clientListResponse },
  { method: "get", path: "/api/dashboard/stylists", tag: "Stylists", summary: "List the stylists.", status: 200, response: stylistResponse, list: true },
  { method: "post", path: "/api/dashboard/stylists", tag: "Stylists", summary: "Add a stylist.", body: stylistSchema, status: 201, response: stylistResponse },
  { method: "put", path: "/api/dashboard/stylists/{id}", tag: "Stylists", summary: "Change a stylist.", body: stylistSchema, status: 200, response: stylistResponse },
  { method: "delete", path: "/api/dashboard/stylists/{id}", tag: "Stylists", summary: "Remove a stylist without upcoming appointments.", status: 204 },
  { method: "get", path: "/api/dashboard/services", tag: "Services", summary: "List the services.", status: 200, response: serviceResponse, list: true },
  { method: "post", path: "/api/dashboard/services", tag: "Services", summary: "Add a service.", body: serviceSchema, status: 201, response: serviceResponse },
  { method: "put", path: "/api/dashboard/services/{id}", tag: "Services", summary: "Change a service.", body: serviceSchema, status: 200, response: serviceResponse },
  { method: "delete", path: "/api/dashboard/services/{id}", tag: "Services", summary: "Remove a service.", status: 204 },
  { method: "get", path: "/api/calls/list", tag: "Calls", summary: "List the receptionist's calls, newest first, with how many there are in all.", query: callListQuery, status: 200, response: callListResponse },
];
