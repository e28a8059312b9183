import type { Context } from "hono";
import { TEAM_LIMITS, type Role } from "../../../contract/team.ts";
import { appLink } from "../../accounts/mails.ts";
import { enqueueMail } from "../../data/outbox.ts";
import { getSalon } from "../../data/salons.ts";
import type { TenantScope } from "../../data/tenant.ts";
import type { SalonEnv } from "../../platform/http/tenant.ts";

/**
 * Queues the invitation's mail with its single-use link, in the language of the person who
 * invites (the invited person's is not known yet); answers its outbox id.
 */
export async function queueInvitationMail(
  c: Context<SalonEnv>,
  scope: TenantScope,
  invitation: { email: string; role: Role; invited_by: string | null },
  token: string,
): Promise<string> {
  const values = {
    salon: (await getSalon(scope)).name,
    inviter: invitation.invited_by ?? c.var.user.email,
    role: c.var.t(`team.role.${invitation.role}`),
    days: TEAM_LIMITS.invitationDays,
    link: appLink(c, `/invitation/${token}`),
  };
  return enqueueMail(scope, {
    from: c.env.MAIL_FROM,
    to: invitation.email,
    subject: c.var.t("mail.invitation.subject", values),
    text: c.var.t("mail.invitation.text", values),
  });
}
