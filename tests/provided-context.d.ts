// Values the test setup hands to the worker tests.
declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** Base URL of the fake Resend API. */
    resendUrl: string;
  }
}
export {};
