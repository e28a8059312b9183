// Values the test setup hands to the worker tests.
declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser connection, for setting up and checking rows. */
    databaseUrl: string;
    /** The Worker's own connection: a recepta_app member, subject to row-level security. */
    workerDatabaseUrl: string;
    /** Base URL of the fake Resend API. */
    resendUrl: string;
    /** The fake Twilio REST API (and Pricing API) the Worker's Twilio account settings point at. */
    twilioUrl: string;
    /** The loopback server of calendar files that stylists' outside calendars are read from. */
    calendarsUrl: string;
    /** The loopback receiver webhooks are sent to in tests (tests/fakes/webhook-receiver.ts). */
    webhooksUrl: string;
    /** The fake Responses API the Worker summarises calls with (its base URL, ending in /v1). */
    responsesUrl: string;
    twilioAccountSid: string;
    twilioAuthToken: string;
    /** Controls a PostgreSQL of its own that tests kill and freeze (tests/setup/spare-database.ts). */
    spareDatabase: string;
  }
}
export {};
