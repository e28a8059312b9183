/**
 * The salon the signed-in person works in, named on every request (SALON_HEADER) once their
 * salons are known. Kept apart from the list of salons, which the API client would otherwise
 * import and be imported by.
 */
let salonId: string | null = null;
const lostListeners = new Set<() => void>();

export const currentSalonId = () => salonId;

export function setCurrentSalonId(id: string | null) {
  salonId = id;
}

/** Runs `listener` when the server answers that the person no longer belongs to the current salon. */
export function onSalonLost(listener: () => void) {
  lostListeners.add(listener);
}

export function salonLost() {
  for (const listener of lostListeners) listener();
}
