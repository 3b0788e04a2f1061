/**
 * An App's bot account, `<slug>[bot]`: GitHub gives that login only to an App, and only the
 * App's installation tokens write as it — a person or another App cannot post under it.
 * App slugs are lower-case letters, digits and hyphens; logins compare case-insensitively.
 */
const APP_BOT_LOGIN = /^[a-z0-9][a-z0-9-]{0,99}\[bot\]$/i;

export function isAppBotLogin(login: string): boolean {
  return APP_BOT_LOGIN.test(login);
}
