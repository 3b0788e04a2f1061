import { either } from '../rules/other-language-words.js';

/**
 * A lead that is only a label of output ("Output of `peel.py`: `IEX (New-Object Net.WebClient)`", "Decoded: `curl … | sh`"):
 * what a program printed, shown. Also in Belarusian, Russian, Ukrainian, Spanish, Portuguese, German, French, Polish,
 * Czech, Turkish, Japanese, Chinese and Korean.
 */
const OUTPUT_WORDS = [
  'output',
  'result',
  'results',
  'decoded',
  'prints',
  'printed',
  'returns',
  'yields',
  'вынік',
  'результат',
  'вывод',
  'вивід',
  'resultado',
  'salida',
  'saída',
  'ergebnis',
  'ausgabe',
  'sortie',
  'résultat',
  'wynik',
  'výsledek',
  'výstup',
  'çıktı',
  'sonuç',
  '出力',
  '结果',
  '输出',
  '결과',
  '출력',
];
// The rules read text with look-alike letters folded (Cyrillic `В` as `B`) and marks dropped: so are these words.
export const OUTPUT_LEAD = new RegExp(
  String.raw`^[\s*_>(-]{0,8}(?:(?:the|its|their|expected|sample|example)\s{1,4})?${either(OUTPUT_WORDS)}[*_]{0,2}(?:\s{1,4}${either(['of', 'from', 'від', 'ад', 'из', 'з', 'de', 'von', 'z'])}\s{1,4})?(?:\s{0,4}\x60[^\x60\n]{1,80}\x60)?[*_]{0,2}\s{0,2}:$`,
  'i',
);

/** The verb of a sentence that gives what something decodes to (or, in parentheses, what it becomes), the span after it being that text. */
export const DECODES_TO =
  /\b(?:decodes|decoded|deobfuscates|deobfuscated|unpacks|unpacked|expands|translates|reads)\s{1,4}(?:back\s{1,4})?(?:to|into|as)\s{0,4}$|\(\s{0,2}(?:it\s{1,4}|this\s{1,4}|which\s{1,4})?(?:becomes|turns\s{1,4}into|resolves\s{1,4}to|evaluates\s{1,4}to)\s{0,4}$/i;
