import { useIntl } from "react-intl";

/**
 * The browser tab's title: the page's own name, then the brand. React 19 places a rendered
 * <title> in <head> (and keeps the prerendered one when it matches), so each screen names itself.
 */
export function DocumentTitle({ title }: { title: string }) {
  const intl = useIntl();
  return <title>{`${title} · ${intl.formatMessage({ id: "common.brand" })}`}</title>;
}
