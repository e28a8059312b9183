import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod/mini";
import * as responses from "../../contract/api-responses.ts";
import type { Appointment } from "../../contract/appointments.ts";
import type { Call, CallList } from "../../contract/calls.ts";
import type { ClientDetail, ClientList } from "../../contract/clients.ts";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Service, Stylist } from "../../contract/salon.ts";

// Checked by tsc: a field added to an interface and not to its schema (or the other way) fails the build.
describe("the OpenAPI document's response schemas", () => {
  it("describe exactly what the contract's interfaces say", () => {
    expectTypeOf<z.output<typeof responses.appointmentResponse>>().toEqualTypeOf<Appointment>();
    expectTypeOf<z.output<typeof responses.clientListResponse>>().toEqualTypeOf<ClientList>();
    expectTypeOf<z.output<typeof responses.clientDetailResponse>>().toEqualTypeOf<ClientDetail>();
    expectTypeOf<z.output<typeof responses.callResponse>>().toEqualTypeOf<Call>();
    expectTypeOf<z.output<typeof responses.stylistResponse>>().toEqualTypeOf<Stylist>();
    expectTypeOf<z.output<typeof responses.serviceResponse>>().toEqualTypeOf<Service>();
    expectTypeOf<z.output<typeof responses.callListResponse>>().toEqualTypeOf<CallList>();
    expectTypeOf<z.output<typeof responses.errorResponse>>().toEqualTypeOf<ErrorBody>();
  });
});
