import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { invitationSchema, memberSchema, ROLES, TEAM_LIMITS, type Invitation, type Member, type Role } from "../../../../contract/team.ts";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Field, FieldError } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import { checkWith, useDashboardForm, type DashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useTeam, useTeamActions } from "./team.ts";
import { SalonTime } from "../components/salon-time.tsx";
import { SettingsSection } from "../components/settings-section.tsx";
import { SettingsTabLoad } from "../components/settings-tab-load.tsx";
import { stylistName } from "../stylists/stylist-form.tsx";

/** Only an owner makes an owner, or changes or removes one. */
const rolesFor = (actor: Role) => ROLES.filter((role) => actor === "owner" || role !== "owner");
const mayChange = (actor: Role, member: Member) => actor === "owner" || member.role !== "owner";
const nameOf = (person: { name: string | null; email: string }) => person.name ?? person.email;

/** Salon Settings → Team: who works in the salon and as what, the invitations still open, and inviting more. */
export function TeamTab() {
  const intl = useIntl();
  const query = useTeam();
  const { role: actor } = useMembership();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <SettingsTabLoad query={query} texts={{ toast: "team.loadFailed", failed: "team.loadFailed", loading: "team.loading" }}>
      {(team) => (
        <div className="space-y-6">
          <SettingsSection title="team.title" description="team.description">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                <FormattedMessage id="team.count" values={{ count: team.members.length + team.invitations.length, limit: TEAM_LIMITS.people }} />
              </p>
              <Button onClick={() => setInviting(true)} disabled={team.members.length + team.invitations.length >= TEAM_LIMITS.people}>
                <FormattedMessage id="team.invite" />
              </Button>
            </div>
            <ul aria-label={intl.formatMessage({ id: "team.members" })} className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {team.members.map((member) => (
                <MemberRow
                  key={member.user_id}
                  member={member}
                  actor={actor}
                  onlyOwner={member.role === "owner" && team.members.filter((other) => other.role === "owner").length === 1}
                  onEdit={() => setEditing(member)}
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </ul>
          </SettingsSection>
          <SettingsSection title="team.invitations" description="team.invitationsDescription">
            {team.invitations.length === 0 ? (
              <p className="text-sm text-slate-600">
                <FormattedMessage id="team.invitationsEmpty" />
              </p>
            ) : (
              <ul aria-label={intl.formatMessage({ id: "team.invitations" })} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {team.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} actor={actor} onRevoke={() => setRevoking(invitation)} />
                ))}
              </ul>
            )}
          </SettingsSection>
          <Modal open={inviting} onClose={() => setInviting(false)} title={intl.formatMessage({ id: "team.inviteTitle" })} description={intl.formatMessage({ id: "team.inviteDescription" })}>
            <InviteForm actor={actor} onDone={() => setInviting(false)} />
          </Modal>
          <Modal open={editing !== null} onClose={() => setEditing(null)} title={intl.formatMessage({ id: "team.editTitle" }, { name: editing ? nameOf(editing) : "" })}>
            {editing && <MemberForm member={editing} actor={actor} onDone={() => setEditing(null)} />}
          </Modal>
          <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
          <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} />
        </div>
      )}
    </SettingsTabLoad>
  );
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-700">
      <FormattedMessage id={`team.role.${role}`} />
    </span>
  );
}

interface MemberRowProps {
  member: Member;
  actor: Role;
  /** The salon's one owner, who can neither leave nor take another role until someone else is an owner too. */
  onlyOwner: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function MemberRow({ member, actor, onlyOwner, onEdit, onRemove }: MemberRowProps) {
  const intl = useIntl();
  const name = nameOf(member);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {name}
          {member.is_you && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              <FormattedMessage id="team.you" />
            </span>
          )}
        </p>
        <p className="text-sm break-words text-slate-600">
          {member.name && <>{member.email} · </>}
          <RoleBadge role={member.role} />
          {member.stylist_name && <> · <FormattedMessage id="team.asStylist" values={{ name: member.stylist_name }} /></>}
        </p>
      </div>
      {onlyOwner ? (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="team.onlyOwner" />
        </p>
      ) : (
        mayChange(actor, member) && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={intl.formatMessage({ id: "team.changeRoleNamed" }, { name })}>
            <FormattedMessage id="team.changeRole" />
          </Button>
          <Button variant="danger-outline" size="sm" onClick={onRemove} aria-label={member.is_you ? undefined : intl.formatMessage({ id: "team.removeNamed" }, { name })}>
            <FormattedMessage id={member.is_you ? "team.leave" : "team.remove"} />
          </Button>
        </div>
        )
      )}
    </li>
  );
}

function InvitationRow({ invitation, actor, onRevoke }: { invitation: Invitation; actor: Role; onRevoke: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { resend } = useTeamActions();
  const resendIt = async () => {
    try {
      await resend.mutateAsync(invitation.id);
    } catch (failure) {
      toast.show("error", errorDetail(failure, intl.formatMessage({ id: "team.resendFailed" })));
      return;
    }
    toast.show("success", intl.formatMessage({ id: "team.resent" }, { email: invitation.email }));
  };
  const yours = actor === "owner" || invitation.role !== "owner";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{invitation.name ? `${invitation.name} · ${invitation.email}` : invitation.email}</p>
        <p className="text-sm text-slate-600">
          <RoleBadge role={invitation.role} />
          {invitation.stylist_name && <> · <FormattedMessage id="team.asStylist" values={{ name: invitation.stylist_name }} /></>}
          {" · "}
          <FormattedMessage id="team.sent" values={{ date: <SalonTime value={invitation.sent_at} /> }} />
          {" · "}
          <FormattedMessage id="team.expires" values={{ date: <SalonTime value={invitation.expires_at} /> }} />
        </p>
      </div>
      {yours && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" busy={resend.isPending} onClick={() => void resendIt()} aria-label={intl.formatMessage({ id: "team.resendNamed" }, { email: invitation.email })}>
            <FormattedMessage id="team.resend" />
          </Button>
          <Button variant="danger-outline" size="sm" onClick={onRevoke} aria-label={intl.formatMessage({ id: "team.revokeNamed" }, { email: invitation.email })}>
            <FormattedMessage id="team.revoke" />
          </Button>
        </div>
      )}
    </li>
  );
}

interface RoleDraft {
  name: string;
  role: Role;
  /** "" until a stylist is chosen. */
  stylist_id: string;
}

type InviteDraft = RoleDraft & { email: string };

const roleBody = (draft: RoleDraft) => ({ name: draft.name, role: draft.role, stylist_id: draft.role === "stylist" ? draft.stylist_id || null : null });

/**
 * The address's conflicts (already in the team, already invited) belong to the email field;
 * the rest of a refusal stays as it came.
 */
function conflictAtEmail(error: unknown): unknown {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || !error.detail) return error;
  if (error.code !== "already_member" && error.code !== "already_invited") return error;
  return new ApiRequestError(error.status, error.detail, { email: error.detail }, error.code);
}

function InviteForm({ actor, onDone }: { actor: Role; onDone: () => void }) {
  const intl = useIntl();
  const { invite } = useTeamActions();
  const [draft, setDraft] = useState<InviteDraft>({ email: "", name: "", role: "front_desk", stylist_id: "" });
  const form = useDashboardForm({
    loaded: undefined,
    draft,
    onDraftChange: (next: InviteDraft) => setDraft(next),
    check: (draft) => checkWith(invitationSchema, { email: draft.email, ...roleBody(draft) }, intl),
    save: (body) => invite.mutateAsync(body).catch((error: unknown) => Promise.reject(conflictAtEmail(error))),
    savedText: intl.formatMessage({ id: "team.invited" }, { email: draft.email.trim() }),
    failedText: (error) => errorDetail(error, intl.formatMessage({ id: "team.inviteFailed" })),
    onSaved: onDone,
  });
  return (
    <form {...form.formProps}>
      <Field label={intl.formatMessage({ id: "team.email" })} error={form.errors.email} required>
        {(control) => (
          <input {...control} type="email" autoComplete="off" value={form.draft.email} maxLength={254} onChange={(event) => form.change({ email: event.target.value }, "email")} />
        )}
      </Field>
      <RoleFields form={form} actor={actor} />
      <FormActions
        placement="dialog"
        onCancel={onDone}
        busy={form.busy}
        label={intl.formatMessage({ id: "team.send" })}
        busyLabel={intl.formatMessage({ id: "team.sending" })}
      />
    </form>
  );
}

/** The name the salon knows the person by, the role with a line on what it may do, and for a stylist which one they are. */
function RoleFields<Draft extends RoleDraft>({ form, actor }: { form: DashboardForm<Draft>; actor: Role }) {
  const intl = useIntl();
  const id = useId();
  const stylists = useStylists();
  const { draft, errors } = form;
  return (
    <>
      <Field className="mt-4" label={intl.formatMessage({ id: "team.name" })} hint={intl.formatMessage({ id: "team.nameHint" })} error={errors.name}>
        {(control) => (
          <input {...control} autoComplete="off" value={draft.name} maxLength={TEAM_LIMITS.name} onChange={(event) => form.change({ name: event.target.value } as Partial<Draft>, "name")} />
        )}
      </Field>
      <fieldset className="mt-4" aria-describedby={errors.role ? `${id}-role-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">
          <FormattedMessage id="team.roleLabel" />
        </legend>
        {rolesFor(actor).map((role) => (
          <label key={role} className="mt-2 flex items-start gap-2 text-slate-800">
            <input
              type="radio"
              name={`${id}-role`}
              value={role}
              checked={draft.role === role}
              onChange={() => form.change({ role } as Partial<Draft>, "role", "stylist_id")}
              aria-describedby={`${id}-${role}-hint`}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="font-medium">
                <FormattedMessage id={`team.role.${role}`} />
              </span>
              <span id={`${id}-${role}-hint`} className="block text-sm text-slate-600">
                <FormattedMessage id={`team.roleHint.${role}`} />
              </span>
            </span>
          </label>
        ))}
        {errors.role && <FieldError id={`${id}-role-error`}>{errors.role}</FieldError>}
      </fieldset>
      {draft.role === "stylist" && (
        <Field className="mt-4" label={intl.formatMessage({ id: "team.stylist" })} hint={intl.formatMessage({ id: "team.stylistHint" })} error={errors.stylist_id} required>
          {(control) => (
            <select {...control} value={draft.stylist_id} onChange={(event) => form.change({ stylist_id: event.target.value } as Partial<Draft>, "stylist_id")}>
              <option value="">{intl.formatMessage({ id: "team.stylistChoose" })}</option>
              {(stylists.data ?? []).map((stylist) => (
                <option key={stylist.id} value={stylist.id}>
                  {stylistName(stylist)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** A member's name, role and stylist, changed. */
function MemberForm({ member, actor, onDone }: { member: Member; actor: Role; onDone: () => void }) {
  const intl = useIntl();
  const { update } = useTeamActions();
  const [loaded] = useState<RoleDraft>(() => ({ name: member.name ?? "", role: member.role, stylist_id: member.stylist_id ?? "" }));
  const form = useDashboardForm({
    loaded,
    check: (draft) => checkWith(memberSchema, roleBody(draft), intl),
    canSave: (_draft, dirty) => dirty,
    save: (json) => update.mutateAsync({ userId: member.user_id, json, you: member.is_you }),
    savedText: intl.formatMessage({ id: "team.saved" }),
    failedText: (error) => errorDetail(error, intl.formatMessage({ id: "team.saveFailed" })),
    onSaved: onDone,
  });
  return (
    <form {...form.formProps}>
      <p className="text-sm text-slate-600">{member.email}</p>
      <RoleFields form={form} actor={actor} />
      <FormActions
        placement="dialog"
        onCancel={onDone}
        busy={form.busy}
        disabled={!form.canSave}
        label={intl.formatMessage({ id: "team.save" })}
        busyLabel={intl.formatMessage({ id: "team.saving" })}
      />
    </form>
  );
}

/** Removing a member, or, for the person's own row, leaving the salon (and going on in another, if any). */
function RemoveDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const { remove } = useTeamActions();
  const you = member?.is_you ?? false;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ userId: member!.user_id, you });
    } catch (failure) {
      toast.show("error", errorDetail(failure, intl.formatMessage({ id: "team.removeFailed" })));
      throw failure;
    }
    toast.show("success", intl.formatMessage({ id: you ? "team.left" : "team.removed" }, { name: member ? nameOf(member) : "" }));
    if (you) navigate(localPath("/dashboard"));
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={intl.formatMessage({ id: you ? "team.leaveTitle" : "team.removeTitle" }, { name: member ? nameOf(member) : "" })}
      message={intl.formatMessage({ id: you ? "team.leaveMessage" : "team.removeMessage" })}
      confirmLabel={intl.formatMessage({ id: you ? "team.leave" : "team.remove" })}
      busyLabel={intl.formatMessage({ id: you ? "team.leaving" : "team.removing" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function RevokeDialog({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const { revoke } = useTeamActions();
  const confirm = async () => {
    try {
      await revoke.mutateAsync(invitation!.id);
    } catch (failure) {
      toast.show("error", errorDetail(failure, intl.formatMessage({ id: "team.revokeFailed" })));
      throw failure;
    }
    toast.show("success", intl.formatMessage({ id: "team.revoked" }, { email: invitation?.email ?? "" }));
  };
  return (
    <ConfirmDialog
      open={invitation !== null}
      title={intl.formatMessage({ id: "team.revokeTitle" }, { email: invitation?.email ?? "" })}
      message={intl.formatMessage({ id: "team.revokeMessage" })}
      confirmLabel={intl.formatMessage({ id: "team.revoke" })}
      busyLabel={intl.formatMessage({ id: "team.revoking" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
