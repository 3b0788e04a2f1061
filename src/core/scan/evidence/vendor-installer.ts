import { hostOf, isKnownInstallerUrl, urlsIn } from '../rules/shell-vocabulary.js';
import { isSuspiciousHost } from '../rules/suspicious-hosts.js';

/** Words that name no tool: they say nothing about who a download comes from. */
const GENERIC_WORDS = new Set(
  'the and for with from into use using via skill skills skill-md plugin plugins agent agents github gitlab scripts script references reference docs doc examples example assets templates template src lib bin tools tool cli install installer installing setup get run runner download http https www com org net dev app apps api apis helper helpers patterns pattern workflow workflows guide guides best practices management manager config configuration automation automated service services server servers client clients code development developer essentials operations infrastructure cloud data web build test testing deploy deployment when what that this your you implement implementing'.split(
    ' ',
  ),
);

/** Second-level domains under a country code (`example.co.uk`): the label before them names the owner. */
const TWO_LEVEL_SUFFIX = /\.(?:co|com|org|net|gov|ac|edu)\.[a-z]{2}$/;

/** Hosts where anyone can publish: the host names the platform, not the vendor. */
const SHARED_HOSTS =
  /(?:^|\.)(?:github\.io|githubusercontent\.com|gist\.github\.com|gitlab\.io|bitbucket\.io|pages\.dev|workers\.dev|netlify\.app|vercel\.app|herokuapp\.com|onrender\.com|fly\.dev|glitch\.me|repl\.co|replit\.dev|web\.app|firebaseapp\.com|appspot\.com|azurewebsites\.net|blob\.core\.windows\.net|cloudfront\.net|s3\.amazonaws\.com|amazonaws\.com|storage\.googleapis\.com|googleusercontent\.com|dropboxusercontent\.com|dropbox\.com|drive\.google\.com|sourceforge\.net|surge\.sh|now\.sh)$/;

/** Lower-case alphanumeric words of a text (`linkerd-patterns` → linkerd, patterns). */
export function topicWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9]{2,40}/g) ?? []).filter((w) => !GENERIC_WORDS.has(w));
}

/** Who a URL's download comes from: the owner label of its host, or the owner and repository on GitHub. */
function vendorLabels(url: string): string[] {
  if (!/^https:\/\//i.test(url)) return [];
  const host = hostOf(url);
  if (!host || /^[\d.]+$|^\[/.test(host) || isSuspiciousHost(host)) return [];
  const path = url
    .replace(/^https:\/\/[^/]+/i, '')
    .split(/[/?#]/)
    .filter(Boolean);
  if (host === 'github.com' || host === 'raw.githubusercontent.com' || host === 'objects.githubusercontent.com')
    return path.slice(0, 2).map((p) => p.toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (SHARED_HOSTS.test(host)) return [];
  const labels = host.split('.');
  const owner = labels.length >= 3 && TWO_LEVEL_SUFFIX.test(host) ? labels[labels.length - 3] : labels[labels.length - 2];
  return owner ? [owner.replace(/[^a-z0-9]/g, '')] : [];
}

function sameVendor(label: string, word: string): boolean {
  if (label.length < 3) return false;
  return label === word || (word.length >= 4 && label.startsWith(word)) || (label.length >= 4 && word.startsWith(label));
}

/**
 * A download-and-run whose every URL is a known vendor installer, or comes over HTTPS from the
 * vendor of the tool the skill is about (its folder name, name or description names the host's
 * owner: `run.linkerd.io` in a `linkerd-patterns` skill). Raw IPs, drop boxes and shared hosting
 * never count.
 */
export function isVendorInstaller(matched: string, topic: ReadonlySet<string>): boolean {
  const urls = urlsIn(matched);
  if (urls.length === 0) return false;
  return urls.every(
    (url) => isKnownInstallerUrl(url) || vendorLabels(url).some((label) => [...topic].some((word) => sameVendor(label, word))),
  );
}
