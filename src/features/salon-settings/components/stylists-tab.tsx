export function StylistsTab() {
  return null;
}
