export function ServicesTab() {
  return null;
}
