import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationBody, MemberBody } from "../../../../contract/team.ts";
import { api, read } from "../../../lib/api-client.ts";
import { loadSalons } from "../../../lib/auth/salons.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const keys = queryKeys("team");
const team = api.dashboard.team;

/** The salon's members and its invitations still waiting for an answer. */
export const useTeam = () => useQuery({ queryKey: keys.all, queryFn: () => read(team.$get()) });

/**
 * Inviting, sending an invitation again, revoking it, changing a member's role and removing a
 * member; the team is read again after each. A change of the person's own membership (their
 * role, or leaving) reads their salons again, which moves them on when they left this one.
 */
export function useTeamActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  const invitations = team.invitations;
  const members = team.members[":id"];
  return {
    invite: useMutation({ mutationFn: (json: InvitationBody) => read(invitations.$post({ json })), onSuccess: refresh }),
    resend: useMutation({ mutationFn: (id: string) => read(invitations[":id"].resend.$post({ param: { id } })), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: string) => read(invitations[":id"].$delete({ param: { id } })), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ userId, json }: { userId: string; json: MemberBody; you: boolean }) => read(members.$put({ param: { id: userId }, json })),
      onSuccess: (_member, { you }) => Promise.all([refresh(), you && loadSalons({ makeFirst: true })]),
    }),
    remove: useMutation({
      mutationFn: ({ userId }: { userId: string; you: boolean }) => read(members.$delete({ param: { id: userId } })),
      onSuccess: (_none, { you }) => (you ? loadSalons({ makeFirst: true }) : refresh()),
    }),
  };
}
