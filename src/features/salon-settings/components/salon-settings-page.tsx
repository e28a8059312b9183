export function SalonSettingsPage() {
  return null;
}
