/**
 * Whose secret a variable is, from its name (`GITHUB_PERSONAL_ACCESS_TOKEN` → github), and
 * whether a server is that vendor's (its name, package or address says so). A key sent to its
 * own issuer is how every official MCP server is configured; the same key sent to something
 * else is what a credential thief asks for.
 */

/** Name parts that say what kind of secret it is, not whose. */
const GENERIC = new Set(
  'API KEY KEYS TOKEN TOKENS SECRET SECRETS ACCESS AUTH AUTHORIZATION PERSONAL PAT CLIENT ID BOT APP APPLICATION PASSWORD PASSWD PWD PASS URL URI HOST ENDPOINT BASE ORG ORGANIZATION PROJECT ACCOUNT USER USERNAME BEARER REFRESH PRIVATE PUBLIC SERVICE MCP SERVER DEFAULT READ WRITE ONLY ADMIN SESSION COOKIE CREDENTIAL CREDENTIALS CERT KEYFILE FILE PATH DIR HOME CONFIG ENV PROD DEV STAGING TEST V1 V2 OAUTH OAUTH2 SIGNING WEBHOOK DATABASE DB CONNECTION STRING DSN LICENSE INSTANCE WORKSPACE TEAM TENANT REGION ZONE DOMAIN INTEGRATION SIGNING INPUT'.split(
    ' ',
  ),
);

/** A vendor word in a variable name → words that identify that vendor's servers. */
const ALIASES: Record<string, readonly string[]> = {
  GH: ['github'],
  GITHUB: ['github'],
  AWS: ['aws', 'amazon', 'awslabs', 'bedrock'],
  AMAZON: ['aws', 'amazon'],
  GCP: ['google', 'gcp', 'gcloud', 'firebase', 'bigquery', 'vertex'],
  GOOGLE: ['google', 'gcp', 'gemini', 'vertex', 'firebase', 'bigquery', 'gmail', 'gdrive', 'maps'],
  GEMINI: ['gemini', 'google'],
  AZURE: ['azure', 'microsoft'],
  MS: ['microsoft', 'azure'],
  ANTHROPIC: ['anthropic', 'claude'],
  CLAUDE: ['anthropic', 'claude'],
  OPENAI: ['openai', 'gpt'],
  HF: ['huggingface', 'hf'],
  HUGGINGFACE: ['huggingface', 'hf'],
  CF: ['cloudflare'],
  K8S: ['kubernetes', 'k8s', 'kube'],
  KUBE: ['kubernetes', 'k8s', 'kube'],
  KUBECONFIG: ['kubernetes', 'k8s', 'kube'],
  PG: ['postgres', 'postgresql', 'pg', 'supabase', 'neon'],
  POSTGRES: ['postgres', 'postgresql', 'pg', 'supabase', 'neon'],
  DO: ['digitalocean'],
  JIRA: ['jira', 'atlassian'],
  CONFLUENCE: ['confluence', 'atlassian'],
  ATLASSIAN: ['atlassian', 'jira', 'confluence'],
};

/** Model providers: many servers call a model, so their keys go to servers of other names. */
const MODEL_PROVIDERS = new Set([
  'OPENAI',
  'ANTHROPIC',
  'CLAUDE',
  'GEMINI',
  'GOOGLE',
  'OPENROUTER',
  'MISTRAL',
  'GROQ',
  'COHERE',
  'DEEPSEEK',
  'XAI',
  'GROK',
  'PERPLEXITY',
  'TOGETHER',
  'FIREWORKS',
  'REPLICATE',
  'VOYAGE',
  'JINA',
  'HF',
  'HUGGINGFACE',
  'AZURE',
  'OLLAMA',
]);

/** Names that hold secret material. */
const SECRET_NAME =
  /(?:^|[_-])(?:TOKEN|SECRET|API_?KEY|KEY|PASSWORD|PASSWD|PWD|PASS|CREDENTIALS?|PAT|COOKIE|SESSION|AUTH|PRIVATE_KEY)(?:$|[_-])|^(?:AUTHORIZATION|COOKIE|X-API-KEY|API-KEY|PRIVATE-TOKEN|X-AUTH-TOKEN)$|KUBECONFIG$/i;

/** A value that names a credential file rather than holding the secret. */
export const CREDENTIAL_FILE =
  /(?:^|[/\\~])(?:\.ssh\/|id_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.docker\/config\.json|\.kube\/config|\.config\/gcloud|\.config\/gh\/hosts|\.gnupg)/;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The vendor words of a secret's name (`GITHUB_PERSONAL_ACCESS_TOKEN` → [GITHUB]); none for a generic name. */
export function vendorWords(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length >= 2 && !GENERIC.has(w) && !/^\d+$/.test(w));
}

/** Whether any vendor word of the name is named by the server (its name, package or address). */
export function servesVendor(words: readonly string[], server: string): boolean {
  const identity = server.toLowerCase();
  const named = (alias: string) =>
    alias.length >= 4 ? identity.includes(alias) : new RegExp(`(?<![a-z0-9])${alias}(?![a-z])`).test(identity);
  return words.some((w) => (ALIASES[w] ?? [w.toLowerCase()]).some(named));
}

export function isModelProviderKey(words: readonly string[]): boolean {
  return words.some((w) => MODEL_PROVIDERS.has(w));
}
