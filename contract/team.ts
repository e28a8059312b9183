import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { emailText, optionalText } from "./text.ts";

/**
 * The people of a salon. Everyone signed in works in a salon as one of its members, with a
 * role; the server refuses what the role does not allow (403) and the dashboard hides it.
 */
export const ROLES = ["owner", "manager", "front_desk", "stylist"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The parts of the dashboard, each a set of screens and the API behind them.
 * - calendar: every stylist's appointments (a stylist reads them all and changes their own);
 * - clients: the client records (a stylist's are the clients of their own appointments);
 * - schedule: a stylist's own working hours and time off;
 * - calls, waitlist: the calls screen; the waitlist and its offers;
 * - assistants, numbers, settings: the assistant and its knowledge, phone numbers, Salon Settings;
 * - team: inviting people and changing their roles (only an owner makes or changes an owner).
 */
export const AREAS = ["calendar", "clients", "schedule", "calls", "waitlist", "assistants", "numbers", "settings", "team"] as const;
export type Area = (typeof AREAS)[number];

/** Owners and managers keep every stylist's hours in Salon Settings; "schedule" is a stylist's own screen. */
const MANAGING = AREAS.filter((area) => area !== "schedule");

export const ROLE_AREAS: Record<Role, readonly Area[]> = {
  owner: MANAGING,
  manager: MANAGING,
  front_desk: ["calendar", "clients", "calls", "waitlist"],
  stylist: ["calendar", "clients", "schedule"],
};

export const canUse = (role: Role, area: Area) => ROLE_AREAS[role].includes(area);

/** Roles that see and change every stylist's appointments and every client; a stylist sees only their own. */
export const seesWholeSalon = (role: Role) => role !== "stylist";

export const TEAM_LIMITS = {
  /** Members and pending invitations together. */
  people: 50,
  name: 80,
  /** Days an invitation's link works. */
  invitationDays: 7,
  /** Invitations (new or sent again) a salon may send in an hour, and in a day. */
  invitationsPerHour: 20,
  invitationsPerDay: 60,
} as const;

const role = z.enum(ROLES, { error: "validation.team.role" });
const stylist = z._default(z.nullable(z.string({ error: "validation.team.stylist" }).check(z.regex(UUID, { error: "validation.team.stylist" }))), null);
/** A stylist member is one of the salon's stylists; the other roles are nobody's. */
const stylistForRole = z.refine<{ role: Role; stylist_id: string | null }>((body) => (body.role === "stylist") === (body.stylist_id !== null), {
  error: "validation.team.stylist",
  path: ["stylist_id"],
});

/** POST /dashboard/team/invitations. */
export const invitationSchema = requestBody({
  email: emailText("validation.email.invalid", "validation.email.required"),
  name: optionalText(TEAM_LIMITS.name),
  role,
  stylist_id: stylist,
}).check(stylistForRole);
export type InvitationBody = z.output<typeof invitationSchema>;

/** PUT /dashboard/team/members/:userId. */
export const memberSchema = requestBody({
  name: optionalText(TEAM_LIMITS.name),
  role,
  stylist_id: stylist,
}).check(stylistForRole);
export type MemberBody = z.output<typeof memberSchema>;

export interface Member {
  user_id: string;
  email: string;
  /** The name the salon knows the person by, if one was given. */
  name: string | null;
  role: Role;
  stylist_id: string | null;
  stylist_name: string | null;
  joined_at: string;
  /** The person asking. */
  is_you: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  stylist_id: string | null;
  stylist_name: string | null;
  invited_by: string | null;
  sent_at: string;
  expires_at: string;
}

/** GET /dashboard/team. */
export interface Team {
  members: Member[];
  invitations: Invitation[];
}

/** GET /invitations/:token: what the link's page shows before it is accepted. */
export interface InvitationView {
  salon_name: string;
  email: string;
  role: Role;
  invited_by: string | null;
  expires_at: string;
  /** The address already has an account: the page offers to sign in rather than to register. */
  has_account: boolean;
}

/** One salon of the signed-in person (GET /account/salons), the last used first. */
export interface SalonMembership {
  salon_id: string;
  salon_name: string;
  role: Role;
  stylist_id: string | null;
}

/** PUT /account/salon: the salon to work in from now on. */
export const salonChoiceSchema = requestBody({
  salon_id: z.string({ error: "validation.team.salon" }).check(z.regex(UUID, { error: "validation.team.salon" })),
});

/** The header naming the salon a request works in, for people in more than one. */
export const SALON_HEADER = "X-Salon-Id";
