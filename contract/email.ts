// The spec's address rule: text, an at sign, text, a dot, text, no spaces. Kept free of zod so
// the home page can check an address without downloading the schema library.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
