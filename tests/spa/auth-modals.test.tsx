import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForgotPasswordModal } from "../../src/features/auth/components/forgot-password-modal.tsx";
import { LoginModal } from "../../src/features/auth/components/login-modal.tsx";
import { RegisterModal } from "../../src/features/auth/components/register-modal.tsx";
import { ResetPasswordModal } from "../../src/features/auth/components/reset-password-modal.tsx";
import { api } from "../../src/lib/api-client.ts";
import { json, mockFetch, refusal, renderWithApp, reply } from "./render.tsx";

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** Opens `Dialog` with a reopen button outside it, and shows where the router is. */
function harness<P extends { open: boolean; onClose: () => void }>(Dialog: ComponentType<P>, props: Omit<P, "open" | "onClose">) {
  function Harness() {
    const [open, setOpen] = useState(true);
    const location = useLocation();
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
        <output data-testid="location">{location.pathname}</output>
        <Dialog {...({ ...props, open, onClose: () => setOpen(false) } as P)} />
      </>
    );
  }
  return <Harness />;
}

const loginProps = { verifiedNotice: false, onSwitchToRegister: () => {}, onForgotPassword: () => {} };
const pending = () => {
  let answer!: (response: Response) => void;
  const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
  return { calls, answer: (response: Response) => act(async () => answer(response)) };
};
const checklist = () =>
  within(screen.getByRole("list", { name: "Password requirements" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
const closed = () => waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

describe("register modal", () => {
  it("ticks each password rule off as the user types", async () => {
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }));
    const password = await screen.findByLabelText("Password");
    expect(password).toHaveAttribute("aria-describedby", expect.stringMatching(/\S/));
    expect(checklist().every((item) => item?.startsWith("Not met yet:"))).toBe(true);

    await userEvent.type(password, "abc");
    expect(checklist()).toEqual([
      "Not met yet: At least 8 characters",
      "Not met yet: One uppercase letter",
      "Met: One lowercase letter",
      "Not met yet: One number",
      "Not met yet: One special character",
    ]);

    await userEvent.clear(password);
    await userEvent.type(password, "Abcdef1!");
    expect(checklist().every((item) => item?.startsWith("Met:"))).toBe(true);
  });

  it("shows the spec's messages under the fields and sends nothing", async () => {
    const calls = mockFetch(() => reply(api.auth.register.$post, {}, 201));
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }));
    const submit = await screen.findByRole("button", { name: "Register" });
    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");

    await userEvent.click(submit);
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Email is required");
    expect(email).toHaveFocus();

    const cases: [string, string][] = [
      ["Ab1!", "Password must be at least 8 characters"],
      ["abcdefg1!", "Password must contain at least one uppercase letter"],
      ["ABCDEFG1!", "Password must contain at least one lowercase letter"],
      ["Abcdefgh!", "Password must contain at least one number"],
      ["Abcdefgh1", "Password must contain at least one special character"],
    ];
    await userEvent.type(email, "not-an-address");
    for (const [typed, message] of cases) {
      await userEvent.clear(password);
      await userEvent.type(password, typed);
      await userEvent.click(submit);
      expect(screen.getByText("Please enter a valid email")).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(password).toHaveAttribute("aria-invalid", "true");
    }
    expect(calls).toHaveLength(0);
  });

  it("reveals the password only while the button is held", async () => {
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }));
    const password = await screen.findByLabelText("Password");
    const reveal = screen.getByRole("button", { name: "Hold to show password" });
    expect(password).toHaveAttribute("type", "password");

    fireEvent.pointerDown(reveal);
    expect(password).toHaveAttribute("type", "text");
    expect(reveal).toHaveAttribute("aria-pressed", "true");
    fireEvent.pointerUp(reveal);
    expect(password).toHaveAttribute("type", "password");
    expect(reveal).toHaveAttribute("aria-pressed", "false");

    fireEvent.pointerDown(reveal);
    fireEvent.pointerLeave(reveal);
    expect(password).toHaveAttribute("type", "password");

    fireEvent.keyDown(reveal, { key: " " });
    expect(password).toHaveAttribute("type", "text");
    fireEvent.keyUp(reveal, { key: " " });
    expect(password).toHaveAttribute("type", "password");
  });

  it("sends the lowercased email, closes and asks the user to check their email", async () => {
    const calls = mockFetch(() => reply(api.auth.register.$post, { message: "ok" }, 201));
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }));
    await userEvent.type(await screen.findByLabelText("Email"), " Owner@Salon.COM ");
    await userEvent.type(screen.getByLabelText("Password"), "Sal0n-Secret");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(
      await screen.findByText("Please check your email to verify your account. The verification link will expire in 24 hours."),
    ).toBeInTheDocument();
    expect(calls[0]?.url).toBe("/api/auth/register");
    expect(calls[0]?.body).toEqual({ email: "owner@salon.com", password: "Sal0n-Secret" });
    await closed();
  });

  it("shows the server's detail, or the fallback when the network fails, and stays usable", async () => {
    mockFetch(() => refusal(409, { detail: "An account with this email already exists." }));
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }));
    await userEvent.type(await screen.findByLabelText("Email"), "owner@salon.com");
    await userEvent.type(screen.getByLabelText("Password"), "Sal0n-Secret");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists.");
    expect(screen.getByRole("button", { name: "Register" })).toBeEnabled();

    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Registration failed. Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("owner@salon.com");
  });

  it("switches to Log In", async () => {
    const onSwitchToLogin = vi.fn();
    renderWithApp(harness(RegisterModal, { onSwitchToLogin }));
    await userEvent.click(await screen.findByRole("button", { name: "Already have an account? Log In" }));
    expect(onSwitchToLogin).toHaveBeenCalledOnce();
  });

  it("reads naturally in Czech", async () => {
    renderWithApp(harness(RegisterModal, { onSwitchToLogin: () => {} }), { language: "cs" });
    expect(await screen.findByRole("dialog", { name: "Registrace" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Heslo"), "a");
    expect(within(screen.getByRole("list", { name: "Požadavky na heslo" })).getByText("Jedno malé písmeno")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Zaregistrovat se" }));
    expect(screen.getByText("E-mail je povinný")).toBeInTheDocument();
  });
});

describe("login modal", () => {
  it("opens with the email field focused and no notice", async () => {
    renderWithApp(harness(LoginModal, loginProps));
    expect(await screen.findByRole("dialog", { name: "Log In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the verified notice when asked to", async () => {
    renderWithApp(harness(LoginModal, { ...loginProps, verifiedNotice: true }));
    expect(await screen.findByRole("status")).toHaveTextContent("Email verified successfully! Please log in.");
  });

  it("asks only for a password, not a strong one", async () => {
    const calls = mockFetch(() => refusal(401, { detail: "Incorrect email or password." }));
    renderWithApp(harness(LoginModal, loginProps));
    await userEvent.type(await screen.findByLabelText("Email"), "a@b");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(screen.getByText("Please enter a valid email")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText("Email"), ".co");
    await userEvent.type(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(calls).toHaveLength(1);
  });

  it("sends the email lowercased and shows the server's detail on 401, keeping the form", async () => {
    const { calls, answer } = pending();
    renderWithApp(harness(LoginModal, loginProps));
    await userEvent.type(await screen.findByLabelText("Email"), "Owner@Salon.COM");
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(screen.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ email: "owner@salon.com", password: "wrong" });

    await answer(refusal(401, { detail: "Incorrect email or password." }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password.");
    expect(screen.getByLabelText("Email")).toHaveValue("Owner@Salon.COM");
    expect(screen.getByLabelText("Email")).toBeEnabled();
    expect(screen.getByRole("button", { name: "Log In" })).toBeEnabled();
  });

  it("falls back to the spec's text when the server gives no detail", async () => {
    // Without the API's body, as a proxy in front of it answers.
    mockFetch(() => json(500, {}));
    renderWithApp(harness(LoginModal, loginProps));
    await userEvent.type(await screen.findByLabelText("Email"), "owner@salon.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Login failed. Please check your credentials and try again.");
  });

  it("signs in, closes and welcomes the user back", async () => {
    mockFetch(() =>
      reply(api.auth.login.$post, { access_token: "token-1", token_type: "bearer", expires_in: 900, user: { email: "owner@salon.com", is_active: true, email_verified: true } }),
    );
    renderWithApp(harness(LoginModal, loginProps));
    await userEvent.type(await screen.findByLabelText("Email"), "owner@salon.com");
    await userEvent.type(screen.getByLabelText("Password"), "Sal0n-Secret");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    await closed();
    expect(sessionStorage.getItem("accessToken")).toBe("token-1");
  });

  it("opens again empty after closing, with the errors gone", async () => {
    renderWithApp(harness(LoginModal, loginProps));
    await userEvent.type(await screen.findByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await closed();

    await userEvent.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Email")).toHaveFocus();
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();
  });

  it("hands over to Forgot Password and to Register", async () => {
    const onForgotPassword = vi.fn();
    const onSwitchToRegister = vi.fn();
    renderWithApp(harness(LoginModal, { ...loginProps, onForgotPassword, onSwitchToRegister }));
    await userEvent.click(await screen.findByRole("button", { name: "Forgot Password?" }));
    expect(onForgotPassword).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Register" }));
    expect(onSwitchToRegister).toHaveBeenCalledOnce();
  });

  it("speaks German with Sie", async () => {
    renderWithApp(harness(LoginModal, { ...loginProps, verifiedNotice: true }), { language: "de" });
    expect(await screen.findByRole("dialog", { name: "Anmelden" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Bitte melden Sie sich an.");
    expect(screen.getByRole("button", { name: "Passwort vergessen?" })).toBeInTheDocument();
  });
});

describe("forgot-password modal", () => {
  it("is titled Reset Password, shows Sending... and confirms with a toast", async () => {
    const { calls, answer } = pending();
    renderWithApp(harness(ForgotPasswordModal, {}));
    expect(await screen.findByRole("dialog", { name: "Reset Password" })).toBeInTheDocument();
    const email = screen.getByLabelText("Email");
    expect(email).toHaveFocus();
    await userEvent.type(email, "Owner@Salon.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ email: "owner@salon.com" });

    await answer(reply(api.auth["forgot-password"].$post, { message: "ok" }));
    expect(await screen.findByText("You will receive a password reset link at the provided email address.")).toBeInTheDocument();
    await closed();
  });

  it("reports failures as a toast and stays open", async () => {
    mockFetch(() => refusal(429, { detail: "Too many requests. Please wait a minute." }));
    renderWithApp(harness(ForgotPasswordModal, {}));
    await userEvent.type(await screen.findByLabelText("Email"), "owner@salon.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please wait a minute.");

    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("An error occurred")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("reset password modal", () => {
  it("focuses the new password, checks its length and sends nothing", async () => {
    const calls = mockFetch(() => reply(api.auth["reset-password"].$post, {}));
    renderWithApp(harness(ResetPasswordModal, { token: "t0k3n" }));
    const password = await screen.findByLabelText("New Password");
    expect(password).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    await userEvent.type(password, "short");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows Resetting..., then confirms and goes to the home page of the language", async () => {
    const { calls, answer } = pending();
    renderWithApp(harness(ResetPasswordModal, { token: "t0k3n" }), { language: "de", path: "/de/reset-password" });
    await userEvent.type(await screen.findByLabelText("Neues Passwort"), "longenough");
    fireEvent.pointerDown(screen.getByRole("button", { name: "Gedrückt halten, um das Passwort anzuzeigen" }));
    expect(screen.getByLabelText("Neues Passwort")).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Passwort zurücksetzen" }));
    expect(screen.getByRole("button", { name: "Wird zurückgesetzt\u00a0…" })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ token: "t0k3n", new_password: "longenough" });

    await answer(reply(api.auth["reset-password"].$post, { message: "ok" }));
    expect(await screen.findByText(/Ihr Passwort wurde erfolgreich zurückgesetzt!/)).toBeInTheDocument();
    await closed();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/de\/?$/);
  });

  it("shows the server's detail, else the fallback, and resets once closed", async () => {
    mockFetch(() => refusal(400, { detail: "This password reset link has expired." }));
    renderWithApp(harness(ResetPasswordModal, { token: "t0k3n" }));
    await userEvent.type(await screen.findByLabelText("New Password"), "longenough");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This password reset link has expired.");

    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to reset password");

    await userEvent.keyboard("{Escape}");
    await closed();
    await userEvent.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("New Password")).toHaveValue("");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("explains a link without a token instead of sending it", async () => {
    const calls = mockFetch(() => reply(api.auth["reset-password"].$post, {}));
    renderWithApp(harness(ResetPasswordModal, { token: "" }));
    await userEvent.type(await screen.findByLabelText("New Password"), "longenough");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByRole("alert")).toHaveTextContent("This password reset link is invalid or has expired. Please request a new one.");
    expect(calls).toHaveLength(0);
  });
});
