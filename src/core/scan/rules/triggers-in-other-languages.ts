/**
 * A standing instruction in another language ("después de cada tarea", "nach jedem Commit", "每次提交后", "после
 * каждой сессии"): what follows fires again and again. Evidence for a compound only (a trigger with persistence,
 * destruction, privilege or concealment in one clause is HIGH), as in English. Written from how each language says it,
 * not from a sample.
 */

import { PROSE, type Detector } from './scan-rule.js';
import { read } from './other-language-words.js';
import { negatedBefore } from './shell-vocabulary.js';

/** What a standing instruction fires on: a task, a session, a commit, a reply, a build, a run. */
const EVENT = {
  es: '(?:tareas?|sesi[oó]n(?:es)?|commits?|respuestas?|compilaci[oó]n(?:es)?|ejecuci[oó]n(?:es)?|cambios?|mensajes?|conversaci[oó]n(?:es)?|inicio|arranque)',
  pt: '(?:tarefas?|sess[aã]o|sess[oõ]es|commits?|respostas?|compila[cç][aã]o|execu[cç][aã]o|altera[cç][aã]o|mensagens?|conversas?|in[ií]cio)',
  fr: '(?:t[aâ]ches?|sessions?|commits?|r[eé]ponses?|compilations?|ex[eé]cutions?|modifications?|messages?|conversations?|d[eé]marrages?)',
  de: '(?:Aufgaben?|Sitzung(?:en)?|Session|Commits?|Antworten?|Builds?|L[aä]ufe?s?|Lauf|[AÄ]nderung(?:en)?|Nachrichten?|Gespr[aä]chs?|Start)',
  it: '(?:attivit[aà]|compit[oi]|session[ei]|commit|rispost[ae]|build|esecuzion[ei]|modific(?:a|he)|messaggio|messaggi|conversazion[ei]|avvio)',
  nl: '(?:taak|taken|sessies?|commits?|antwoorden?|builds?|runs?|wijzigingen?|berichten?|gesprekk?en?|start)',
  pl: '(?:zadani(?:u|a|e)|zadaniem|sesji|sesj[ąa]|commicie|commitem|commit|odpowiedzi|buildzie|uruchomieniu|zmianie|wiadomo[sś]ci|rozmowie)',
  ru: '(?:задач[иеа]?|сесси[иейю]|коммит[аеом]?|ответ[аеом]?|сборк[иеой]|запуск[аеом]?|изменени[яеий]|сообщени[яеий]|разговор[аеом]?)',
};

const TRIGGER = new RegExp(
  read(
    [
      `\\b(?:despu[eé]s\\s{1,4}de|tras|antes\\s{1,4}de|al\\s{1,4}(?:inicio|final|comienzo)\\s{1,4}de|en)\\s{1,4}cada\\s{1,4}${EVENT.es}\\b|\\b(?:cada\\s{1,4}vez|siempre)\\s{1,4}que\\b`,
      `\\b(?:depois\\s{1,4}de|ap[oó]s|antes\\s{1,4}de|no\\s{1,4}(?:in[ií]cio|fim)\\s{1,4}de|em)\\s{1,4}cada\\s{1,4}${EVENT.pt}\\b|\\b(?:toda\\s{1,4}vez|sempre)\\s{1,4}que\\b`,
      `\\b(?:apr[eè]s|avant|[aà]|au\\s{1,4}(?:d[eé]but|d[eé]marrage)\\s{1,4}de|[aà]\\s{1,4}la\\s{1,4}fin\\s{1,4}de)\\s{1,4}chaque\\s{1,4}${EVENT.fr}\\b|\\bchaque\\s{1,4}fois\\s{1,4}que\\b`,
      `\\b(?:nach|vor|bei|zu\\s{1,4}Beginn|am\\s{1,4}Ende)\\s{1,4}jede[rmns]?\\s{1,4}${EVENT.de}\\b|\\b(?:jedes\\s{1,4}Mal|immer)\\s{1,4}wenn\\b`,
      `\\b(?:dopo|prima\\s{1,4}di|a|ad|all['’]inizio\\s{1,4}di|alla\\s{1,4}fine\\s{1,4}di)\\s{1,4}ogni\\s{1,4}${EVENT.it}\\b|\\bogni\\s{1,4}volta\\s{1,4}che\\b`,
      `\\b(?:na|voor|bij|aan\\s{1,4}het\\s{1,4}(?:begin|eind)\\s{1,4}van)\\s{1,4}(?:elke|ieder|iedere|elk)\\s{1,4}${EVENT.nl}\\b|\\b(?:telkens|elke\\s{1,4}keer)\\s{1,4}(?:als|wanneer|dat)\\b`,
      `\\b(?:po|przed|przy)\\s{1,4}ka[zż]d(?:ym|ej|ą)\\s{1,4}${EVENT.pl}|\\bza\\s{1,4}ka[zż]dym\\s{1,4}razem\\b`,
      `(?<!\\p{L})(?:после|перед|при|в\\s{1,4}начале|в\\s{1,4}конце)\\s{1,4}кажд(?:ого|ой|ым|ом|ую)\\s{1,4}${EVENT.ru}|(?<!\\p{L})каждый\\s{1,4}раз(?:,)?\\s{1,4}когда`,
      `\\bher\\s{1,4}(?:g[oö]rev|oturum|commit|yan[ıi]t|derleme|[cç]al[ıi][sş]t[ıi]rma|de[gğ]i[sş]iklik)\\p{L}{0,12}\\s{1,4}(?:sonra|[oö]nce|ba[sş][ıi]nda|sonunda)|\\bher\\s{1,4}(?:seferinde|defas[ıi]nda)\\b`,
      `(?:每次|每当|每當|每一次|每个|每個)(?:任务|任務|会话|會話|提交|回答|回复|回覆|构建|構建|运行|運行|启动|啟動|对话|對話)?(?:之?后|之?後|结束后|結束後|完成后|完成後|开始时|開始時|前|时|時)`,
      `(?:タスク|セッション|コミット|回答|応答|ビルド|実行|起動|会話)(?:の|が終わる|を終える|を完了する)?(?:たびに|度に|ごとに|毎に)|毎回|その都度`,
      `(?:작업|세션|커밋|응답|답변|빌드|실행|시작|대화)(?:이|을|를)?\\s?(?:할|마칠|끝낼|완료할|시작할)?\\s?(?:때마다|마다)|매번`,
    ].join('|'),
  ),
  'iu',
);

/** A standing instruction in Spanish, Portuguese, French, German, Italian, Dutch, Polish, Russian, Turkish, Chinese, Japanese or Korean. */
export const STANDING_TRIGGER_IN_OTHER_LANGUAGES: Detector = {
  id: 'standing-trigger-other-languages',
  keywords: [
    '^cada$',
    'siempre que',
    'sempre que',
    'toda vez',
    '^chaque$',
    '^jede',
    'jedes mal',
    'immer wenn',
    '^ogni$',
    '^elke$',
    '^ieder',
    '^elk$',
    'telkens',
    'kazd',
    'каждо',
    'каждый',
    'каждым',
    'каждую',
    '^her$',
    '每次',
    '每当',
    '每當',
    '每一次',
    '每个',
    '每個',
    'たびに',
    '度に',
    'ごとに',
    '毎に',
    '毎回',
    '都度',
    '마다',
    '매번',
  ],
  re: TRIGGER,
  reads: PROSE,
  evidenceOnly: true,
  capabilities: ['trigger'],
  accept: (m, c) => !negatedBefore(c.text, m.index),
};
