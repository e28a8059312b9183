/**
 * The browser tests' server and database, clear of the worker tests' (54330, the spare beside
 * it, and the poolers ten above each), which CI runs beside them.
 */
export const e2eWorkerPort = () => Number(process.env.E2E_PORT ?? 8788);
export const e2ePgPort = () => Number(process.env.E2E_PG_PORT ?? 54350);
