import { useEffect, useSyncExternalStore } from "react";
import type { SalonMembership } from "../../../contract/team.ts";
import { api, ApiRequestError, read } from "../api-client.ts";
import { onSalonLost, setCurrentSalonId } from "./current-salon.ts";
import { forgetOnSignOut, useSession } from "./session.ts";

// The browser's last choice, so a person in several salons comes back to the one they left.
const CHOICE_KEY = "salonId";

export interface Salons {
  /**
   * "empty": read, and none yet, which the dashboard settles by making an owner's first salon;
   * "none": a member of no salon (any more), with none to make.
   */
  status: "idle" | "ready" | "empty" | "none" | "failed";
  list: SalonMembership[];
  current: SalonMembership | null;
}

const IDLE: Salons = { status: "idle", list: [], current: null };
let snapshot: Salons = IDLE;
const listeners = new Set<() => void>();
const changeListeners = new Set<() => void>();
let loading: Promise<void> | null = null;

function publish(next: Salons) {
  const before = snapshot.current?.salon_id;
  snapshot = next;
  setCurrentSalonId(next.current?.salon_id ?? null);
  // What was loaded in one salon is never shown in another.
  if (before !== undefined && before !== next.current?.salon_id) for (const listener of changeListeners) listener();
  for (const listener of listeners) listener();
}

function remembered(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

function remember(salonId: string) {
  try {
    localStorage.setItem(CHOICE_KEY, salonId);
  } catch {
    /* private mode: the server's last-used salon comes first next time */
  }
}

/** The salon to work in: the one this browser chose last if it is still among them, else the one used last. */
export function pickSalon(list: readonly SalonMembership[], preferred: string | null): SalonMembership | null {
  return list.find((salon) => salon.salon_id === preferred) ?? list[0] ?? null;
}

/**
 * The person's salons. An owner's salon is made on their first dashboard request, so the
 * dashboard (`makeFirst`) makes one that way for a person with none; someone who joined by
 * invitation is refused (403) and stays without. Elsewhere (an invitation's page, before it is
 * accepted) nothing is made.
 */
async function readSalons(makeFirst: boolean): Promise<SalonMembership[] | "empty"> {
  const list = await read(api.account.salons.$get());
  if (list.length > 0) return list;
  if (!makeFirst) return "empty";
  setCurrentSalonId(null);
  try {
    await read(api.dashboard.salon.$get());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403) return [];
    throw error;
  }
  return read(api.account.salons.$get());
}

/**
 * Reads the person's salons and settles on one; `preferred` wins over the remembered choice when
 * it is among them. Only the dashboard makes an owner's first salon (`makeFirst`).
 */
export function loadSalons({ preferred, makeFirst = false }: { preferred?: string; makeFirst?: boolean } = {}): Promise<void> {
  const previous = snapshot.current?.salon_id ?? null;
  loading ??= readSalons(makeFirst)
    .then((list) => {
      if (list === "empty") return publish({ status: "empty", list: [], current: null });
      const current = pickSalon(list, preferred ?? previous ?? remembered());
      publish({ status: current ? "ready" : "none", list, current });
    })
    .catch(() => {
      setCurrentSalonId(previous);
      publish({ ...snapshot, status: snapshot.current ? "ready" : "failed" });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Works in another of the person's salons from now on, here and as the server's last used. */
export async function switchSalon(salonId: string) {
  await read(api.account.salon.$put({ json: { salon_id: salonId } }));
  remember(salonId);
  const current = snapshot.list.find((salon) => salon.salon_id === salonId);
  if (current) publish({ ...snapshot, current });
  else await loadSalons({ preferred: salonId });
}

/** Runs `listener` when the current salon changes to another (switched, or left for the next one). */
export function onSalonChange(listener: () => void) {
  changeListeners.add(listener);
}

// Someone removed the person from this salon: the list read again no longer holds it, so another is chosen, if any is left.
onSalonLost(() => void loadSalons({ makeFirst: true }));
forgetOnSignOut(() => publish(IDLE));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in person's salons, read once they are first needed; the dashboard's reading makes an owner's first salon. */
export function useSalons({ makeFirst = false } = {}): Salons {
  const salons = useSyncExternalStore(subscribe, () => snapshot, () => IDLE);
  const { isAuthenticated } = useSession();
  const due = salons.status === "idle" || (makeFirst && salons.status === "empty");
  useEffect(() => {
    if (isAuthenticated && due) void loadSalons({ makeFirst });
  }, [isAuthenticated, due, makeFirst]);
  return salons;
}
