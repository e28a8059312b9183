import type { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody, TokenResponse } from "../../../contract/auth.ts";
import type { MessageResponse } from "../../../contract/waitlist.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { startSession } from "../../lib/auth/session.ts";

export const register = (body: RegisterBody) => apiFetch<MessageResponse>("/auth/register", { method: "POST", body });

/** Signs in: keeps the access token for this tab and the user for later visits. */
export async function login(body: LoginBody) {
  const answer = await apiFetch<TokenResponse>("/auth/login", { method: "POST", body });
  startSession(answer.access_token, answer.user);
  return answer;
}

export const verifyEmail = (token: string, userId: string) =>
  apiFetch<MessageResponse>(`/auth/verify-email?${new URLSearchParams({ token, user_id: userId })}`, { method: "POST" });

export const forgotPassword = (body: ForgotPasswordBody) =>
  apiFetch<MessageResponse>("/auth/forgot-password", { method: "POST", body });

export const resetPassword = (body: ResetPasswordBody) =>
  apiFetch<MessageResponse>("/auth/reset-password", { method: "POST", body });
