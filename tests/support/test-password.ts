import { hashPassword } from "../../worker/accounts/password.ts";

/** The password of every account the tests make. */
export const TEST_PASSWORD = "Salon-2026!";

let hash: Promise<string> | undefined;

/**
 * TEST_PASSWORD's hash for accounts the tests put in the database (sign-up has its own tests,
 * at the product's cost). A hash names its scrypt cost and a login verifies at that cost, so
 * the login path is the product's, at a thirty-second of the product's work: signing in is
 * what most tests do first, and the full cost took most of a quarter-second each time.
 */
export const testPasswordHash = () => (hash ??= hashPassword(TEST_PASSWORD, { logN: 10, r: 8, p: 3 }));
