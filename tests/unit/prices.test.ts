import { describe, expect, it } from "vitest";
import { appointmentSchema } from "../../contract/appointments.ts";
import { serviceSchema } from "../../contract/salon.ts";

const STYLIST = "7d2c8a8e-3c4b-4a8e-9f57-2b1f0f1c9a11";
const SERVICE = "0f3f5b2a-6a3e-4bd4-8a53-1d1f4c2b7e90";

const linePrice = (price: unknown) =>
  appointmentSchema.safeParse({
    stylist: STYLIST,
    start_datetime: "2026-12-07T10:00:00Z",
    end_datetime: "2026-12-07T11:00:00Z",
    services: [{ service: SERVICE, price_at_booking: price }],
  });

describe("prices", () => {
  it.each([0, 0.29, 1.15, 720.5, 100_000])("take %s euros, whole cents however binary fractions round", (price) => {
    expect(serviceSchema.safeParse({ name: "Cut", price }).success).toBe(true);
    expect(linePrice(price).success).toBe(true);
  });

  it.each([-1, 10.555, 100_000.01, 1e8, 99_999_999.995, Number.MAX_VALUE])("refuse %s euros, for a service and for an appointment's line", (price) => {
    expect(serviceSchema.safeParse({ name: "Cut", price }).error?.issues[0]).toMatchObject({ path: ["price"], message: "validation.service.price" });
    expect(linePrice(price).error?.issues[0]).toMatchObject({ path: ["services", 0, "price_at_booking"], message: "validation.service.price" });
  });
});
