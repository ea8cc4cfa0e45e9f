// One half of a locale file, compiled by build.mjs: `boot` (what the login screen needs) or `rest`.
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
