import { Resend } from "resend";
import { claimMail, dueMail, markMailFailed, markMailSent, type ClaimedMail } from "../../data/outbox.ts";
import { beforeTenant } from "../../data/tenant.ts";
import { outbox } from "../../jobs/runner.ts";

/**
 * Sends queued mail through Resend. Without RESEND_API_KEY mail stays in the outbox (the
 * local default). The outbox id is the idempotency key, so a retry after a lost answer never
 * sends twice. Failures are retried on the runner's schedule; they never fail the request
 * that queued the mail, whose change is already committed.
 */
export const mailJob = outbox<{ id: string }, ClaimedMail, string>({
  name: "mail",
  leaseSeconds: 60,
  attempts: 5,
  batch: 50,
  due: ({ env, db, clock }, batch) => (env.RESEND_API_KEY ? beforeTenant(db, (scope) => dueMail(scope, clock.now(), batch)) : Promise.resolve([])),
  claim: async ({ db }, { id }, lease) => (await beforeTenant(db, (scope) => claimMail(scope, id, lease.now, lease.until))) ?? null,
  attempt: async ({ env, db, clock }, mail) => {
    const resend = new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL });
    const { data, error } = await resend.emails
      .send(
        {
          from: mail.from_address,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.html_body ? { html: mail.html_body } : {}),
        },
        { idempotencyKey: mail.id },
      )
      .catch((cause: unknown) => ({ data: null, error: { message: String(cause) } }));
    if (error) return { failure: error.message, retry: true };
    await beforeTenant(db, (scope) => markMailSent(scope, mail.id, data?.id ?? null, clock.now()));
    return "settled";
  },
  failed: ({ db, clock }, mail, error, retryAt) => beforeTenant(db, (scope) => markMailFailed(scope, mail.id, error, retryAt, clock.now())),
  abandoned: "The attempt ended before what came of it was written.",
});
