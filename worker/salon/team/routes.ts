import { Hono } from "hono";
import { sessionOnly, type KeyEnv } from "../api-keys/access.ts";
import { canUse, invitationSchema, memberSchema, TEAM_LIMITS } from "../../../contract/team.ts";
import { forbidden } from "../../data/errors.ts";
import { createInvitation, getTeam, removeMember, renewInvitation, revokeInvitation, updateMember } from "../../data/team.ts";
import { deliverInBackground } from "../../platform/mail/background.ts";
import { spending, type Limit } from "../../platform/http/rate-limit.ts";
import { allow, inSalon, rowId } from "../../platform/http/tenant.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { queueInvitationMail } from "./mails.ts";

const HOUR = 3600;

/** Invitation mails a salon may send: new ones and ones sent again count alike. */
const invitationLimits = (salonId: string): Limit[] => [
  { bucket: `team-invite:hour:${salonId}`, max: TEAM_LIMITS.invitationsPerHour, windowSeconds: HOUR },
  { bucket: `team-invite:day:${salonId}`, max: TEAM_LIMITS.invitationsPerDay, windowSeconds: 24 * HOUR },
];

/**
 * Everything under /api/dashboard/team: the salon's people and invitations, for owners and
 * managers. Anyone may leave a salon (remove themselves).
 */
export const teamRoutes = new Hono<KeyEnv>()
  .use(sessionOnly)
  .get("/", allow("team"), async (c) => c.json(await inSalon(c, getTeam)))
  .post("/invitations", allow("team"), jsonBody(invitationSchema), async (c) => {
    const body = c.req.valid("json");
    const { invitation, mailId } = await spending(c, invitationLimits(c.var.salon.salonId), () =>
      inSalon(c, async (scope) => {
        const { invitation, token } = await createInvitation(scope, c.var.salon.role, body);
        return { invitation, mailId: await queueInvitationMail(c, scope, invitation, token) };
      }),
    );
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json(invitation, 201);
  })
  // A new link and a new week; the old link stops working.
  .post("/invitations/:id/resend", allow("team"), async (c) => {
    const id = rowId(c);
    const { invitation, mailId } = await spending(c, invitationLimits(c.var.salon.salonId), () =>
      inSalon(c, async (scope) => {
        const { invitation, token } = await renewInvitation(scope, c.var.salon.role, id);
        return { invitation, mailId: await queueInvitationMail(c, scope, invitation, token) };
      }),
    );
    deliverInBackground(c.env, c.executionCtx, [mailId]);
    return c.json(invitation);
  })
  .delete("/invitations/:id", allow("team"), async (c) => {
    const id = rowId(c);
    await inSalon(c, (scope) => revokeInvitation(scope, c.var.salon.role, id));
    return c.body(null, 204);
  })
  .put("/members/:id", allow("team"), jsonBody(memberSchema), async (c) => {
    const userId = rowId(c);
    const body = c.req.valid("json");
    return c.json(await inSalon(c, (scope) => updateMember(scope, c.var.salon.role, userId, body)));
  })
  .delete("/members/:id", async (c) => {
    const userId = rowId(c);
    if (userId !== c.var.user.id && !canUse(c.var.salon.role, "team")) throw forbidden();
    await inSalon(c, (scope) => removeMember(scope, c.var.salon.role, userId));
    return c.body(null, 204);
  });
