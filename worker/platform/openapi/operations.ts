import type { z } from "zod/mini";
import { appointmentResponse, callListResponse, callResponse, clientDetailResponse, clientListResponse, serviceResponse, stylistResponse } from "../../../contract/api-responses.ts";
import { appointmentMoveSchema, appointmentRangeQuery, appointmentSchema } from "../../../contract/appointments.ts";
import { callListQuery } from "../../../contract/calls.ts";
import { clientListQuery, clientMergeSchema, clientUpdateSchema } from "../../../contract/clients.ts";
import { serviceSchema, stylistSchema } from "../../../contract/salon.ts";

/** One operation of the reference: the contract's schemas of its input and its answer. */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
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
  {
    method: "patch",
    path: "/api/dashboard/appointments/{id}",
    tag: "Appointments",
    summary: "Move an appointment to another stylist or time, as read at its version; a change made since answers 409 with the appointment as it is now.",
    body: appointmentMoveSchema,
    status: 200,
    response: appointmentResponse,
  },
  { method: "delete", path: "/api/dashboard/appointments/{id}", tag: "Appointments", summary: "Cancel an appointment; its record stays and the time is free again.", status: 204 },
  { method: "get", path: "/api/dashboard/clients", tag: "Clients", summary: "List the salon's clients, one page at a time, optionally filtered by a search text.", query: clientListQuery, status: 200, response: clientListResponse },
  { method: "get", path: "/api/dashboard/clients/{id}", tag: "Clients", summary: "Read one client with their appointments, calls, opt-outs and offers.", status: 200, response: clientDetailResponse },
  { method: "put", path: "/api/dashboard/clients/{id}", tag: "Clients", summary: "Change a client's details.", body: clientUpdateSchema, status: 200, response: clientDetailResponse },
  { method: "post", path: "/api/dashboard/clients/{id}/merge", tag: "Clients", summary: "Merge another client into this one: their numbers, appointments and calls move here.", body: clientMergeSchema, status: 200, response: clientDetailResponse },
  { method: "delete", path: "/api/dashboard/clients/{id}", tag: "Clients", summary: "Erase a client: their name, numbers and words go everywhere; the appointments' times and the calls' costs stay.", status: 204 },
  { method: "get", path: "/api/dashboard/stylists", tag: "Stylists", summary: "List the stylists.", status: 200, response: stylistResponse, list: true },
  { method: "post", path: "/api/dashboard/stylists", tag: "Stylists", summary: "Add a stylist.", body: stylistSchema, status: 201, response: stylistResponse },
  { method: "put", path: "/api/dashboard/stylists/{id}", tag: "Stylists", summary: "Change a stylist.", body: stylistSchema, status: 200, response: stylistResponse },
  { method: "delete", path: "/api/dashboard/stylists/{id}", tag: "Stylists", summary: "Remove a stylist without upcoming appointments.", status: 204 },
  { method: "get", path: "/api/dashboard/services", tag: "Services", summary: "List the services.", status: 200, response: serviceResponse, list: true },
  { method: "post", path: "/api/dashboard/services", tag: "Services", summary: "Add a service.", body: serviceSchema, status: 201, response: serviceResponse },
  { method: "put", path: "/api/dashboard/services/{id}", tag: "Services", summary: "Change a service.", body: serviceSchema, status: 200, response: serviceResponse },
  { method: "delete", path: "/api/dashboard/services/{id}", tag: "Services", summary: "Remove a service.", status: 204 },
  { method: "get", path: "/api/calls/list", tag: "Calls", summary: "List the receptionist's calls, newest first, with how many there are in all.", query: callListQuery, status: 200, response: callListResponse },
  { method: "get", path: "/api/calls/{id}", tag: "Calls", summary: "Read one call, with its outcome and summary.", status: 200, response: callResponse },
];
