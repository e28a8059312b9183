// Built by the precompiled-messages Vite plugin from the flat catalogs (vite.config.ts).
declare module "virtual:catalog/*" {
  const messages: Record<string, string>;
  export default messages;
}
