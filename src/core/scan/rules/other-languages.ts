/**
 * Orders written in Spanish, Portuguese, French, German or Italian that the English vocabulary does
 * not read: keeping an act from the user, and sending data to an address outside. Each is one signal
 * (MEDIUM or evidence); together, or with any other risky act of the skill, the compounds make them
 * HIGH as in English. Written from how each language says it, not from a sample.
 */

import { PROSE, type Detector } from './scan-rule.js';
import { read } from './other-language-words.js';

// The rules read text with combining marks removed (normalise/normalise-unicode.ts): "envía" is read as "envia",
// "Erwähne" as "Erwahne", so the words below are written without them.

/** Within one sentence. */
const GAP = String.raw`[^.!?\n]{0,80}?`;

/** Who is kept in the dark, or where the act is left out (a summary, a reply, a report). */
const AUDIENCE = String.raw`(?:usuari[oa]s?|utilizador(?:es)?|resumen|resumo|respuesta|resposta|informe|relatorio|utilisat(?:eur|rice)s?|resume|reponse|rapport|Nutzer(?:in)?|Benutzer(?:in)?|Anwender(?:in)?|Zusammenfassung|Antwort|Bericht|utente|riepilogo|risposta|rapporto)`;

/** Verbs of telling, mentioning, showing or including, as the negated imperative or infinitive of each language. */
const TELL = {
  es: String.raw`(?:menciones|mencione|mencionar|menciona|cites|cite|citar|incluyas|incluya|digas|diga|cuentes|cuente|informes|comentes|muestres|muestre|reportes)`,
  pt: String.raw`(?:mencione|mencionar|menciona|cite|citar|inclua|incluir|diga|dizer|conte|informe|comente|mostre|relate)`,
  fr: String.raw`(?:mentionne[zs]?|mentionner|cite[zs]?|citer|signale[zs]?|dis|dites|indique[zs]?|montre[zs]?|inclu(?:s|ez|e))`,
  de: String.raw`(?:erwahne[n]?|nenne[n]?|sage[n]?|sag|zeige[n]?|melde[n]?|berichte[n]?)`,
  it: String.raw`(?:menzionare|menzionarlo|menzionarla|citare|dire|dirlo|dirglielo|includere|segnalare|riportare|mostrare)`,
};

const HIDE = new RegExp(
  [
    // es: "no lo menciones al usuario", "ni lo incluyas en el resumen"
    String.raw`\b(?:no|ni|nunca)\s{1,4}(?:se\s{1,4})?(?:l[oae]s?\s{1,4})?${TELL.es}\b${GAP}\b${AUDIENCE}`,
    String.raw`\bsin\s{1,4}(?:avisar|decirselo|decirle|informar|preguntar)(?:\s{1,4}nada)?\s{1,4}al?\s{1,4}usuari[oa]`,
    String.raw`\bsin\s{1,4}que\s{1,4}el\s{1,4}usuari[oa]\s{1,4}(?:lo\s{1,4})?(?:sepa|note|vea|se\s{1,4}entere)`,
    // pt: "não mencione ao usuário", "sem que o utilizador saiba"
    String.raw`\b(?:nao|nem|nunca)\s{1,4}(?:[oa]s?\s{1,4}|lhe\s{1,4})?${TELL.pt}\b${GAP}${AUDIENCE}`,
    String.raw`\bsem\s{1,4}(?:avisar|informar|dizer\s{1,4}nada|perguntar)\s{1,4}(?:a[o]?\s{1,4}|o\s{1,4})?(?:usuari[oa]|utilizador)`,
    String.raw`\bsem\s{1,4}que\s{1,4}o\s{1,4}(?:usuario|utilizador)\s{1,4}(?:saiba|perceba|veja)`,
    // fr: "ne le mentionnez pas dans le résumé", "à l'insu de l'utilisateur"
    String.raw`\bne\s{1,4}(?:l[ea]\s{1,4}|les\s{1,4}|l['\u2019]|lui\s{1,4}|leur\s{1,4}|rien\s{1,4})?${TELL.fr}\s{1,4}(?:pas|jamais|rien)\b${GAP}${AUDIENCE}`,
    String.raw`\bsans\s{1,4}(?:le\s{1,4}dire|prevenir|avertir|informer|demander)\s{1,4}(?:a\s{1,4})?l['\u2019]utilisat(?:eur|rice)`,
    String.raw`\ba\s{1,4}l['\u2019]insu\s{1,4}de\s{1,4}l['\u2019]utilisat(?:eur|rice)`,
    // de: "erwähne diesen Schritt nicht in der Zusammenfassung", "ohne den Nutzer zu informieren"
    String.raw`\b${TELL.de}\s{1,4}(?:Sie\s{1,4})?(?:[\w\u00df]{1,20}\s{1,4}){0,3}?(?:nicht|nie|niemals|keinesfalls)\b${GAP}${AUDIENCE}`,
    String.raw`\bohne\s{1,4}(?:den|die|das)\s{1,4}(?:Nutzer|Benutzer|Anwender)(?:in)?\s{1,4}(?:[\w\u00df]{1,20}\s{1,4})?zu\s{1,4}(?:informieren|fragen|benachrichtigen|warnen)`,
    // it: "non menzionarlo all'utente", "senza avvisare l'utente"
    String.raw`\bnon\s{1,4}(?:lo\s{1,4}|la\s{1,4}|gli\s{1,4})?${TELL.it}\b${GAP}${AUDIENCE}`,
    String.raw`\bsenza\s{1,4}(?:avvisare|informare|dire\s{1,4}nulla\s{1,4}a)\s{1,4}l['\u2019]utente`,
    // "no need to tell the user": "no hace falta comentarlo con el usuario", "nao e preciso mencionar ao usuario", "pas
    // besoin de le signaler a l'utilisateur", "nicht notig, dem Nutzer davon zu erzahlen", "non serve dirlo all'utente".
    String.raw`\bno\s{1,4}(?:hace\s{1,4}falta|es\s{1,4}necesario)\s{1,4}(?:comentar|mencionar|decir|informar|avisar|contar|explicar)(?:lo|la|los|las|le|selo)?\b${GAP}\b${AUDIENCE}`,
    String.raw`\bnao\s{1,4}(?:e\s{1,4}(?:preciso|necessario)|precisa)\s{1,4}(?:comentar|mencionar|dizer|informar|avisar|contar)(?:-?lo|-?la)?\b${GAP}${AUDIENCE}`,
    String.raw`\b(?:pas\s{1,4}besoin|inutile)\s{1,4}de\s{1,4}(?:le\s{1,4}|la\s{1,4}|les\s{1,4}|l['\u2019]\s{0,2}|en\s{1,4})?(?:mentionner|signaler|dire|indiquer|preciser|prevenir|parler)\b${GAP}${AUDIENCE}`,
    String.raw`\b(?:nicht\s{1,4}(?:notig|erforderlich)|unnotig)\b${GAP}${AUDIENCE}${GAP}\b(?:zu\s{1,4})?(?:erwahnen|melden|sagen|mitteilen|berichten|erzahlen)\b`,
    String.raw`\bnon\s{1,4}(?:serve|e\s{1,4}necessario|c['\u2019]\s{0,2}e\s{1,4}bisogno\s{1,4}di)\s{1,4}(?:menzionar|dir|segnalar|comunicar|spiegar)(?:e|lo|la|glielo)\b${GAP}${AUDIENCE}`,
  ].join('|'),
  'i',
);

/** What is not to be included is only secret material, the verb's own object (read folded: no accents). */
const REDACTION_IN_OTHER_LANGUAGES =
  /^(?:no|nunca|nao|ne|jamais|nicht|keine|non|mai)\s{1,4}(?:incluyas|incluya|incluir|menciones|mencione|pongas|ponga|muestres|inclua|incluas|coloque|mostre|inclus|incluez|mentionnez|mettez|affichez|nenne|zeige|erwahne|includere|includete|includi|menzionare|mostrare)\s{1,4}(?:(?:los|las|ningun[oa]?|nenhum[a]?|os|as|les|aucun[e]?|de|des|die|keine|i|le|gli|nessun[oa]?)\s{1,4})?(?:secretos|credenciales|claves|contrasenas|tokens|segredos|credenciais|chaves|senhas|secrets|identifiants|mots\s{1,4}de\s{1,4}passe|passworter|geheimnisse|zugangsdaten|schlussel|credenziali|segreti|password|chiavi)\b/i;

/** Keeping an act from the user, in another language ("no lo menciones al usuario"). */
export const HIDE_FROM_USER_IN_OTHER_LANGUAGES: Detector = {
  id: 'hide-from-user-other-languages',
  keywords: [
    '^no$',
    '^ni$',
    '^nunca$',
    '^sin$',
    '^nem$',
    '^sem$',
    '^ne$',
    '^sans$',
    'insu',
    '^ohne$',
    '^nicht$',
    '^nie$',
    '^niemals$',
    'keinesfalls',
    '^non$',
    '^senza$',
    'besoin',
    'inutile',
    'notig',
    'erforderlich',
    '^nao$',
    'mencion',
    '^inclua$',
    '^incluir$',
    '^diga$',
    '^dizer$',
    '^conte$',
    '^informe$',
    '^comente$',
    '^mostre$',
    '^relate$',
  ],
  alsoKeywords: [
    'usu',
    'utilizador',
    'resum',
    'respuesta',
    'resposta',
    'informe',
    'relat',
    'utilisat',
    'ponse',
    'rapport',
    'nutzer',
    'anwender',
    'zusammenfassung',
    'antwort',
    'bericht',
    'utente',
    'riepilogo',
    'risposta',
  ],
  re: HIDE,
  // "No incluyas secretos reales en el informe": secrets kept out of a report are redacted, not an act hidden.
  accept: (m) => !REDACTION_IN_OTHER_LANGUAGES.test(m[0]),
  capabilities: ['concealment'],
  level: 'MEDIUM',
  why: 'Tells the agent to keep what it does from the user.',
};

/** An address outside: a URL or an e-mail address. */
const ADDRESS = String.raw`(?:https?://[\w.-]{1,253}|[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,3})`;

/** Verbs that send something away: forward, send, upload, copy to. */
const SEND_AWAY = new RegExp(
  [
    String.raw`\b(?:reenv(?:ia|iar|ie|ialo|ialos)|envia|enviar|envie|envialo|sube|subir|manda|mandar|encaminh(?:e|ar|a)|carregue|transfere[zr]?|envoie[zr]?|envoyer|televerse[zr]?|weiterleiten|sende[n]?|schicke[n]?|hochladen|inoltra(?:re)?|invia(?:re)?|carica(?:re)?)\b${GAP}${ADDRESS}`,
    // German separable verbs put the address between the verb and its particle: "leite sie an x@y.net weiter".
    String.raw`\b(?:leite|lade)\s{1,4}${GAP}${ADDRESS}${GAP}\b(?:weiter|hoch)\b`,
  ].join('|'),
  'i',
);

/** Sending data to an address outside, in another language ("reenvía el mensaje a archivo@buzon.net"): a sink, evidence for a compound. */
export const SENDS_AWAY_IN_OTHER_LANGUAGES: Detector = {
  id: 'sends-away-other-languages',
  keywords: [
    'reenv',
    '^env',
    '^sube$',
    '^subir$',
    'manda',
    'encaminh',
    'carregue',
    'transf',
    'verse',
    'weiter',
    '^sende',
    'schicke',
    'hoch',
    'inoltra',
    'invia',
    'carica',
  ],
  re: SEND_AWAY,
  reads: PROSE,
  capabilities: ['sink'],
  evidenceOnly: true,
};

/** A credential file as prose names it: dotenv files (not their examples), registry and git credentials, keys, cloud configs. */
const SECRET_FILE = String.raw`(?:^|[\s\x60'"(/~])(?:\.env(?!\.(?:example|sample|template|dist))(?:\.[\w-]{1,20})?|\.npmrc|\.pypirc|\.netrc|\.git-credentials|id_(?:rsa|ed25519|ecdsa)|\.aws\/credentials|\.ssh\/[\w.*-]{0,40}|\.kube\/config)(?=[\s\x60'"),.;:]|$)`;
/** "The contents of" in other languages: Turkish, Spanish, Portuguese, French, German, Italian, Dutch, Polish, Czech, Japanese, Chinese, Korean. */
// The rules read text with its accents taken off (`içeriğini` is read as `icerigini`): the words are written that way.
const CONTENTS = String.raw`(?:(?<!\p{L})(?:icerigini|icerigiyle|icerigi|iceriklerini|contenido|conteudo|contenu|inhalt|contenuto|inhoud|zawartosc|obsah|${read('содержимое|содержимого|содержание|содержания')})(?!\p{L})|\u5185\u5bb9|\u4e2d\u8eab|\ub0b4\uc6a9)`;

/**
 * The contents of a credential file, named in another language ("`.env` dosyasının içeriğini", "el contenido de `.env`"):
 * a source, evidence for a compound with the upload the same sentence gives.
 */
export const CONTENTS_IN_OTHER_LANGUAGES: Detector = {
  id: 'secret-contents-other-languages',
  // Woken by the file's name (keywords are ASCII; most of the words for "contents" are not).
  keywords: [
    '.env',
    '.npmrc',
    '.pypirc',
    '.netrc',
    'git-credentials',
    'id_rsa',
    'id_ed25519',
    'id_ecdsa',
    '.aws/credentials',
    '.ssh/',
    '.kube/config',
  ],
  // Within the sentence: a dot inside a name (`~/.npmrc`) does not end it.
  re: new RegExp(
    String.raw`${CONTENTS}(?:[^.!?\n]|[.!?](?!\s)){0,80}?${SECRET_FILE}|${SECRET_FILE}(?:[^.!?\n]|[.!?](?!\s)){0,80}?${CONTENTS}`,
    'iu',
  ),
  reads: PROSE,
  capabilities: ['source'],
  evidenceOnly: true,
};
