import { Resend } from "resend";
import { pendingMail, recordAttempt } from "../../data/outbox.ts";
import { beforeTenant } from "../../data/tenant.ts";
import type { Database } from "../../data/db.ts";
import type { Bindings } from "../../env.ts";

const MAX_ATTEMPTS = 5;

/**
 * Sends queued mail through Resend. Without RESEND_API_KEY mail stays in the outbox
 * (the local default). The outbox id is the idempotency key, so a retry after a lost
 * answer never sends twice. Failures are recorded and retried by the scheduled handler;
 * they never fail the request that queued the mail, whose change is already committed.
 */
export async function deliverMail(env: Bindings, db: Database, ids?: string[]): Promise<void> {
  if (!env.RESEND_API_KEY) return;
  try {
    await sendPending(new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL }), db, ids);
  } catch (error) {
    console.error("mail delivery failed", error);
  }
}

async function sendPending(resend: Resend, db: Database, ids?: string[]) {
  await beforeTenant(db, async (scope) => {
    for (const mail of await pendingMail(scope, MAX_ATTEMPTS, ids)) {
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
      await recordAttempt(scope, mail.id, error ? { error: error.message } : { providerId: data?.id ?? null });
    }
  });
}
