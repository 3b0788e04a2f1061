/**
 * What orders in other languages act on (more-languages.ts reads the orders): every file encrypted and the originals
 * deleted, in eight languages, and the user's private data (clipboard, browser data, screenshots, shell history) named
 * in eleven. Written from how each language says it, not from a sample.
 */

import { PROSE, type Detector } from './scan-rule.js';
import { either, GAP, read } from './other-language-words.js';

/** Encrypting (a verb of each language), as the rules read it. */
const ENCRYPT = either([
  'cifra',
  'cifrar',
  'cifre',
  'encripta',
  'encriptar',
  'criptografe',
  'criptografar',
  'encripte',
  'chiffre',
  'chiffrez',
  'chiffrer',
  'crypte',
  'cryptez',
  'verschlüssele',
  'verschlüssle',
  'verschlüsseln',
  'cripta',
  'criptare',
  'zaszyfruj',
  'szyfruj',
  'şifrele',
  'şifreleyin',
  'versleutel',
]);
/** Every file (or all of them). */
const EVERY = either(['todos', 'todas', 'tous', 'toutes', 'alle', 'tutti', 'tutte', 'wszystkie', 'wszystkich', 'tüm', 'bütün', 'allemaal']);
/** Deleting. */
const DELETE = either([
  'borra',
  'borrar',
  'elimina',
  'eliminar',
  'suprime',
  'apague',
  'apagar',
  'exclua',
  'excluir',
  'elimine',
  'remova',
  'supprime',
  'supprimez',
  'supprimer',
  'efface',
  'effacez',
  'lösche',
  'löschen',
  'entferne',
  'cancella',
  'rimuovi',
  'usuń',
  'skasuj',
  'sil',
  'silin',
  'verwijder',
]);
/** The originals (the files before encryption). */
const ORIGINALS = either([
  'originales',
  'originais',
  'originaux',
  'originale',
  'originaldateien',
  'originali',
  'oryginały',
  'oryginalne',
  'orijinalleri',
  'orijinal',
  'originelen',
  'unverschlüsselten',
]);

/** "Encrypt every file in the folder and delete the originals", in Spanish, Portuguese, French, German, Italian, Polish, Turkish or Dutch. */
export const RANSOM_IN_OTHER_LANGUAGES: Detector = {
  id: 'ransom-other-languages',
  keywords: ['cifr', 'encript', 'criptograf', 'chiffr', 'crypt', 'verschl', 'szyfruj', 'sifrele', 'versleutel'],
  reads: PROSE,
  // Within one sentence, the originals deleted after the files are encrypted (in either order of object and verb).
  re: new RegExp(
    String.raw`(?<!\p{L})${ENCRYPT}(?!\p{L})${GAP}(?<!\p{L})${EVERY}(?!\p{L})${GAP}(?:(?<!\p{L})${DELETE}(?!\p{L})${GAP}(?<!\p{L})${ORIGINALS}|(?<!\p{L})${ORIGINALS}(?!\p{L})${GAP}(?<!\p{L})${DELETE}(?!\p{L}))`,
    'iu',
  ),
  level: 'HIGH',
  capabilities: ['destruction'],
  why: 'Encrypts every file it finds and deletes the originals: ransomware.',
};

/**
 * The user's private data named in other languages: the clipboard, browser cookies, history and saved passwords, a
 * screenshot, the shell's command history. A source, evidence for a compound with the upload the same text gives.
 */
const PRIVATE_DATA = read(
  [
    // the clipboard
    'portapapeles',
    'área de transferência',
    'presse-papiers',
    'Zwischenablage',
    'appunti',
    'schowek',
    'panodaki',
    'pano içeriğini',
    '剪贴板',
    '剪貼簿',
    'クリップボード',
    '클립보드',
    'буфер обмена',
    'буфера обмена',
    // browser cookies, history and saved passwords
    'çerezlerini',
    'çerezleri',
    'ciasteczka',
    'cookies del navegador',
    'cookies du navigateur',
    'Browser-Cookies',
    'cookie del browser',
    'куки',
    'クッキー',
    '쿠키',
    '浏览器 ?[Cc]ookie',
    'historial del navegador',
    'historique de navigation',
    'Browserverlauf',
    'cronologia del browser',
    'historia przeglądarki',
    'tarayıcı geçmişi',
    'история браузера',
    '浏览记录',
    '閲覧履歴',
    '방문 기록',
    'contraseñas guardadas',
    'senhas salvas',
    'mots de passe enregistrés',
    'gespeicherten? Passwörter',
    'password salvate',
    'zapisane hasła',
    'kayıtlı şifreler',
    'сохранённые пароли',
    'сохраненные пароли',
    '保存的密码',
    '保存されたパスワード',
    '저장된 비밀번호',
    // a screenshot, the shell's history
    'captura de pantalla',
    "capture d['\u2019]écran",
    'Bildschirmfoto',
    'zrzut ekranu',
    'ekran görüntüsü',
    'снимок экрана',
    '截图',
    '截屏',
    'スクリーンショット',
    '스크린샷',
    'historial de comandos',
    'historique des commandes',
    'Befehlsverlauf',
    'komut geçmişi',
    'история команд',
    '命令历史',
    'コマンド履歴',
  ].join('|'),
);

/** The user's private data named in another language: a source, woken (keywords are ASCII) by the address it would go to. */
export const PRIVATE_DATA_IN_MORE_LANGUAGES: Detector = {
  id: 'private-data-more-languages',
  keywords: ['http'],
  re: new RegExp(PRIVATE_DATA, 'iu'),
  reads: PROSE,
  capabilities: ['source'],
  evidenceOnly: true,
  scope: 'unit',
};
