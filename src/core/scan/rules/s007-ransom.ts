import { ERASES } from './s007-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** The encryption reads a database dump's output through a pipe (continued lines allowed). */
/** A database dump written to a file (`-f`, `--file`, `>`, `--out`, `--archive=`): the path it writes. */
const DUMP_WRITES_FILE =
  /\b(?:pg_dump(?:all)?|mysqldump|mariadb-dump|mongodump)\b[^\n]{0,300}?(?:\s-f\s{0,4}|\s--file[= ]|\s>\s{0,4}|\s--out[= ]|\s--archive=)["']?([^\s"';&|]{1,200})/;

const DUMP_PIPED_IN =
  /\b(?:pg_dump(?:all)?|mysqldump|mariadb-dump|mongodump|sqlite3|redis-cli|etcdctl)\b(?:[^;&|\n]|\\\n){0,300}\|\s{0,4}$/;

/** The shape of ransomware: files encrypted in bulk, originals deleted, ransom notes, every process killed. */
export const RANSOM_DETECTORS: readonly Detector[] = [
  {
    id: 'ransom',
    keywords: ['ransom', 'pay'],
    level: 'MEDIUM',
    reads: ['code', 'config'],
    re: /\bransom[_\s-]?notes?\b|\bpay\b[^.]{0,40}\b(?:bitcoin|btc|monero|xmr)\b[^.]{0,60}\b(?:decrypt|recover|restore|unlock)/i,
    why: 'Writes a ransom note or demand: files are encrypted or destroyed and payment demanded.',
  },
  {
    id: 'mass-encryption',
    keywords: ['rglob', 'os.walk', 'glob.glob', 'walkdir', 'readdir', '-recurse'],
    level: 'MEDIUM',
    scope: 'unit',
    re: /\b(?:rglob|os\.walk|glob\.glob|walkdir|readdirSync|readdir)\s{0,4}\(|\bget-childitem\b[^;|]{0,40}-recurse\b/i,
    requires: /\b(?:encrypt\w{0,12}|Fernet|AES\.new|createCipheriv|ChaCha20\w{0,10})\s{0,4}\(/i,
    accept: (_m, c) => (ERASES.test(c.text) ? 'HIGH' : true),
    why: 'Walks a directory tree and encrypts what it finds (and deletes the originals: HIGH): the shape of ransomware.',
  },
  {
    id: 'kill-everything',
    keywords: ['kill -9 -1', 'kill -kill -1', 'kill -sigkill -1', '/etc/passwd', '/etc/shadow', '/etc/sudoers'],
    re: /\bkill\x20-(?:9|KILL|SIGKILL)\x20-1\b|:\s{0,4}>\s{0,4}\/etc\/(?:passwd|shadow|sudoers)\b|\brm\s{1,4}(?:-[a-zA-Z]{1,6}\s{1,4}){0,3}\/etc\/(?:passwd|shadow|sudoers)\b(?![./\w-])/i,
  },
  {
    id: 'encrypt-files-and-delete',
    keywords: ['openssl', 'gpg', '^age$', '7z', '^zip$', 'encrypt'],
    scope: 'unit',
    // `zip` is the program, not a variable named after it (`Remove-Item $zip -Force`).
    re: /\bopenssl\s{1,4}(?:enc|aes-\d{3}-\w{3}|des3?)\b|\bgpg\s{1,4}(?:[^;&|\n]{0,80}\s)?(?:-c|--symmetric|-e|--encrypt)\b|\bage\s{1,4}(?:-p|-r|--passphrase|--recipient)\b|\b7z\s{1,4}a\b[^;&|\n]{0,120}?\s-p|(?<![$@%.\w-])zip\s{1,4}(?:-[a-zA-Z]{0,4}[eP][a-zA-Z]{0,4})\b|\bencrypt\w{0,12}\s{0,4}\(/i,
    requires: /\bfor\b|\bwhile\b|\bfind\b|-exec\b|\bxargs\b|\brglob\b|\bos\.walk\b|\bglob\b|\breaddir|\bget-childitem\b|\*/i,
    // A database dump piped into the encryption (`pg_dump … | gpg --encrypt -o "$WORK/x.gpg"`) is one stream made into one
    // file, a backup; the files of a tree are not what it encrypts.
    // So is the file a dump just wrote (`pg_dump -Fc … -f "$WORK/db.dump"`, then `age -r … "$WORK/db.dump"`).
    accept: (m, c) => {
      const before = c.text.slice(Math.max(0, m.index - 400), m.index);
      const dumped = DUMP_WRITES_FILE.exec(before)?.[1];
      const end = c.text.indexOf('\n', m.index);
      const line = c.text.slice(m.index, end < 0 ? undefined : end);
      return ERASES.test(c.text) && !DUMP_PIPED_IN.test(before) && !(dumped !== undefined && line.includes(dumped));
    },
    why: 'Encrypts every file it finds and deletes the originals: ransomware.',
  },
];
