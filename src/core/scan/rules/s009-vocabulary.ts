/** Ways a shell command writes to a file. */
export const WRITE = String.raw`(?:>>?\s{0,4}|\btee\s{1,4}(?:-a\s{1,4}|--append\s{1,4})?|\bsed\s{1,4}-i\S{0,10}\s[^;&|]{0,120}?|\b(?:cp|mv|ln\s{1,4}-s\w{0,3}|install)\s[^;&|]{0,200}?|\badd-content\s{1,4}(?:-path\s{1,4})?|\bset-content\s{1,4}(?:-path\s{1,4})?|\bout-file\s{1,4}(?:-append\s{1,4})?(?:-filepath\s{1,4})?)`;

/** Kinds of place a program starts itself from: a list naming three kinds or more is a list of places to inspect. */
const PERSISTENCE_PLACES = [
  /\.(?:bash|zsh)rc\b|\.(?:bash_|z)?profile\b|config\.fish\b/,
  /authorized_keys/,
  /Launch(?:Agents|Daemons)/,
  /systemd/,
  /cron/,
  /sudoers/,
  /Start\s?Menu|\bStartup\b|CurrentVersion\\{1,2}Run/i,
];

/**
 * Whether the literal `literal` stands in a list literal (`[ … ]`) that names three kinds of persistence place or more
 * (`PERSISTENCE_PATHS = [HOME / ".bashrc", …, "authorized_keys", "LaunchAgents", "/etc/cron.d"]`): what an audit or
 * incident-response tool looks through. A program that plants itself writes one kind of place.
 */
export function inPersistencePlaceList(unitText: string, literal: string): boolean {
  const at = unitText.indexOf(literal);
  if (at < 0) return false;
  const open = unitText.lastIndexOf('[', at);
  if (open < 0 || at - open > 1500 || unitText.slice(open, at).includes(']')) return false;
  const close = unitText.indexOf(']', at);
  if (close < 0 || close - at > 1500) return false;
  const list = unitText.slice(open, close);
  return PERSISTENCE_PLACES.filter((place) => place.test(list)).length >= 3;
}
