/** Places attackers use to receive stolen data or serve payloads (shared by S005 and S013). */

/** Hosts (and host suffixes) that attackers use to receive data or serve payloads. */
export const TUNNELS = String.raw`ngrok\.io|ngrok\.app|ngrok-free\.app|ngrok-free\.dev|ngrok\.dev|ngrok\.pizza|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|serveousercontent\.com|localhost\.run|lhr\.life|lhr\.rocks|pinggy\.(?:io|link|online)|bore\.pub|telebit\.cloud|playit\.gg|tunnelto\.dev|localxpose\.io|loclx\.io`;
export const CATCHERS = String.raw`webhook\.site|requestbin\.(?:com|net|io)|pipedream\.net|m\.pipedream\.net|interact\.sh|interactsh\.com|oast\.(?:pro|live|site|online|fun|me)|oastify\.com|burpcollaborator\.net|canarytokens\.(?:com|org)|dnslog\.cn|ceye\.io|requestcatcher\.com|beeceptor\.com|hookbin\.com|postb\.in|webhook\.cool|requestrepo\.com|ptsv[23]\.com`;
export const PASTES = String.raw`pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w{2,4}|rentry\.(?:co|org)|dpaste\.(?:com|org)|pastes\.dev|paste\.rs|termbin\.com|0x0\.st|transfer\.sh|file\.io|gofile\.io|anonfiles\.com|catbox\.moe|litterbox\.catbox\.moe|temp\.sh|glot\.io|controlc\.com|justpaste\.it|privatebin\.net|ix\.io|sprunge\.us`;
export const SHORTENERS = String.raw`bit\.ly|tinyurl\.com|goo\.gl|is\.gd|ow\.ly|rb\.gy|cutt\.ly|shorturl\.at|tiny\.cc|buff\.ly|rebrand\.ly|bl\.ink|v\.gd|t\.ly|s\.id|shorturl\.gg|urlz\.fr`;
export const DYNAMIC_DNS = String.raw`duckdns\.org|ddns\.net|no-ip\.(?:org|com|biz)|hopto\.org|zapto\.org|sytes\.net|dynu\.net|freedns\.afraid\.org|mooo\.com`;

/**
 * Private, loopback and link-local addresses are not "raw IPs on the internet". Documentation
 * ranges (192.0.2/24, 198.51.100/24, 203.0.113/24) count: attack write-ups and test payloads use them.
 */
export function isPublicAddress(ip: string): boolean {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  return true;
}

const SUSPICIOUS_HOST = new RegExp(
  // Any paste service by its name (`paste.c-net.org`, `paste.debian.net`): what is posted there is public to whoever has the link.
  String.raw`(?:^|\.)(?:${TUNNELS}|${CATCHERS}|${PASTES}|${DYNAMIC_DNS})$|^(?:discord(?:app)?\.com|api\.telegram\.org)$|^(?:paste|pastes|pastebin|hastebin|dpaste)\.[\w-]{1,63}\.[\w.-]{2,63}$`,
  'i',
);

/** A host attackers use to receive data: tunnels, request catchers, paste sites, chat webhooks, public raw IPs. */
export function isSuspiciousHost(host: string): boolean {
  return SUSPICIOUS_HOST.test(host) || (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) && isPublicAddress(host));
}
