import { createContext, useContext } from "react";
import { canUse, type Area, type SalonMembership } from "../../../contract/team.ts";

/** The salon the signed-in screens work in and the person's role there; given by the signed-in shell once the salons are read. */
export const MembershipContext = createContext<SalonMembership | null>(null);

export function useMembership(): SalonMembership {
  const membership = useContext(MembershipContext);
  if (!membership) throw new Error("useMembership needs the signed-in shell's MembershipContext");
  return membership;
}

/** Whether the person's role may use a part of the dashboard; the server refuses the rest. */
export function useCanUse(area: Area): boolean {
  return canUse(useMembership().role, area);
}
