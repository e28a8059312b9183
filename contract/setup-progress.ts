import { z } from "zod/mini";

/**
 * How far a salon has come with the dashboard's first steps, read from its data: details and
 * hours, a bookable team (stylists and services, told apart so the owner hears which is
 * missing), an assistant, a number that rings it, and a first call.
 */
export const setupProgressSchema = z.object({
  salon: z.boolean(),
  stylists: z.boolean(),
  services: z.boolean(),
  assistant: z.boolean(),
  phone_number: z.boolean(),
  test_call: z.boolean(),
});
export type SetupProgress = z.output<typeof setupProgressSchema>;
