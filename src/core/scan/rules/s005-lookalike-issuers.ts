import { CODE } from './scan-rule.js';
import type { Detector } from './scan-rule.js';

/** The domains each vendor serves its API from: a key named for the vendor goes only there. */
export const ISSUER_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  openai: ['openai.com', 'openai.azure.com'],
  anthropic: ['anthropic.com'],
  mistral: ['mistral.ai'],
  groq: ['groq.com'],
  cohere: ['cohere.com', 'cohere.ai'],
  deepseek: ['deepseek.com'],
  openrouter: ['openrouter.ai'],
  gemini: ['googleapis.com', 'google.com'],
  google: ['googleapis.com', 'google.com'],
  github: ['github.com', 'githubusercontent.com'],
  stripe: ['stripe.com'],
  slack: ['slack.com'],
  huggingface: ['huggingface.co'],
  replicate: ['replicate.com'],
  perplexity: ['perplexity.ai'],
};

const BRANDS = Object.keys(ISSUER_DOMAINS).join('|');

/** Whether a host is one the vendor serves its API from. */
export function issuedBy(brand: string, host: string): boolean {
  return (ISSUER_DOMAINS[brand] ?? []).some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * A vendor's key paired, on one line, with an address that borrows the vendor's name from someone else's domain
 * (`("MISTRAL_API_KEY", "https://api.mistral-ai.cloud/v1/models", "bearer")`): the key sent to a look-alike of its
 * issuer, whoever registered that name. The real issuer's address is how a key is used.
 */
export const LOOKALIKE_ISSUER_DETECTORS: readonly Detector[] = [
  {
    id: 'key-to-lookalike-issuer',
    keywords: ['_api_key', '_token', '_key'],
    alsoKeywords: ['http'],
    reads: CODE,
    level: 'HIGH',
    capabilities: ['source', 'sink'],
    re: new RegExp(String.raw`\b(?<brand>${BRANDS})_(?:API_)?(?:KEY|TOKEN|SECRET)\b[^\n]{0,200}?https?:\/\/(?<host>[\w.-]{1,200})`, 'i'),
    accept: (m) => {
      const brand = m.groups!.brand!.toLowerCase();
      const host = m.groups!.host!.toLowerCase();
      if (!host.includes(brand) || /^(?:localhost|127\.|0\.0\.0\.0)/.test(host)) return false;
      return !issuedBy(brand, host);
    },
    why: "Sends a vendor's key to an address made to look like the vendor's: whoever registered that name receives the key.",
  },
];
