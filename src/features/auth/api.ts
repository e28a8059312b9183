import type { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from "../../../contract/auth.ts";
import { api, read } from "../../lib/api-client.ts";
import { startSession } from "../../lib/auth/session.ts";

export const register = (json: RegisterBody) => read(api.auth.register.$post({ json }));

/** Signs in: keeps the access token for this tab and the user for later visits. */
export async function login(json: LoginBody) {
  const answer = await read(api.auth.login.$post({ json }));
  startSession(answer.access_token, answer.user);
  return answer;
}

export const verifyEmail = (token: string, userId: string) => read(api.auth["verify-email"].$post({ query: { token, user_id: userId } }));

export const forgotPassword = (json: ForgotPasswordBody) => read(api.auth["forgot-password"].$post({ json }));

export const resetPassword = (json: ResetPasswordBody) => read(api.auth["reset-password"].$post({ json }));

/** What an invitation's link offers: the salon, the role, who invited, and whether the address has an account. */
export const viewInvitation = (token: string) => read(api.invitations[":token"].$get({ param: { token } }));

/** Joins the invitation's salon as the signed-in person; answers the new membership. */
export const acceptInvitation = (token: string) => read(api.invitations[":token"].accept.$post({ param: { token } }));
