import type { Finding } from '../finding.js';
import type { JsonDocument } from '../json/read-json.js';
import { catalogFinding } from './catalog-finding.js';
import type { CapabilitiesModel } from './catalog-model.js';

/** oh-my-copilot's vocabularies (src/catalog.ts) and the providers every capability must describe. */
export const KNOWN_PROVIDER_STATES: readonly string[] = ['native', 'handoff', 'stub', 'unsupported'];
export const KNOWN_COMPAT_PROVIDER_STATES: readonly string[] = ['supported', 'fallback', 'unsupported'];
export const REQUIRED_PROVIDERS: readonly string[] = ['copilot'];

/** The compat states a catalog accepts: its own list, or the vocabulary when it has none. */
export function acceptedCompatStates(model: CapabilitiesModel): readonly string[] {
  return model.compatProviderStates ?? KNOWN_COMPAT_PROVIDER_STATES;
}

/**
 * capabilities.json on its own: the declared state lists, capability ids, and each
 * capability's provider states against the lists the file declares.
 */
export function checkCapabilities(model: CapabilitiesModel, doc: JsonDocument, file: string): Finding[] {
  const findings: Finding[] = [];
  const declared = model.providerStates ?? KNOWN_PROVIDER_STATES;
  const compat = acceptedCompatStates(model);
  declared.forEach((state, i) => {
    if (KNOWN_PROVIDER_STATES.includes(state)) return;
    findings.push(
      catalogFinding({
        code: 'invalid-provider-state',
        file,
        at: { doc, path: ['providerStates', i] },
        message: `providerStates declares "${state}", which is not an oh-my-copilot provider state (${KNOWN_PROVIDER_STATES.join(', ')})`,
        help: 'Remove it or use one of the known states.',
        key: `declared:${state}`,
      }),
    );
  });
  (model.compatProviderStates ?? []).forEach((state, i) => {
    if (KNOWN_COMPAT_PROVIDER_STATES.includes(state)) return;
    findings.push(
      catalogFinding({
        code: 'invalid-compat-provider-state',
        file,
        at: { doc, path: ['compatProviderStates', i] },
        message: `compatProviderStates declares "${state}", which is not an oh-my-copilot compatibility state (${KNOWN_COMPAT_PROVIDER_STATES.join(', ')})`,
        help: 'Remove it or use one of the known states.',
        key: `declared:${state}`,
      }),
    );
  });

  const firstIndexOfId = new Map<string, number>();
  for (const cap of model.capabilities) {
    const base = ['capabilities', cap.index] as const;
    if (cap.id === undefined) {
      findings.push(
        catalogFinding({
          code: 'missing-capability-id',
          file,
          at: { doc, path: base },
          message: `capabilities[${cap.index}] has no \`id\``,
          help: 'Give every capability a unique `id`.',
          key: `capability:${cap.index}`,
        }),
      );
      continue;
    }
    const first = firstIndexOfId.get(cap.id);
    if (first !== undefined) {
      findings.push(
        catalogFinding({
          code: 'duplicate-capability-id',
          file,
          at: { doc, path: [...base, 'id'] },
          message: `Capability id "${cap.id}" is used again (first at line ${doc.positionOf(['capabilities', first]).line})`,
          help: 'Capability ids must be unique; rename or merge the entries.',
          key: `duplicate:${cap.id}`,
        }),
      );
    } else firstIndexOfId.set(cap.id, cap.index);

    for (const provider of REQUIRED_PROVIDERS) {
      const support = cap.providerSupport.get(provider);
      if (typeof support !== 'object' || support === null) {
        findings.push(
          catalogFinding({
            code: 'missing-provider-support',
            file,
            at: { doc, path: [...base, 'providerSupport'] },
            message: `Capability "${cap.id}" has no providerSupport.${provider}`,
            help: `Add \`"providerSupport": { "${provider}": { "state": "native", "notes": "…" } }\`.`,
            key: `provider-support:${cap.id}:${provider}`,
          }),
        );
      }
    }
    const undeclared = (state: unknown, path: (string | number)[], where: string): void => {
      if (typeof state !== 'string' || declared.includes(state)) return;
      findings.push(
        catalogFinding({
          code: 'unknown-provider-state',
          file,
          at: { doc, path },
          message: `Capability "${cap.id}" uses provider state "${state}" in ${where}, which providerStates does not declare (${declared.join(', ')})`,
          help: 'Use a declared state, or declare it in providerStates.',
          key: `state:${cap.id}:${where}:${state}`,
        }),
      );
    };
    for (const [provider, support] of cap.providerSupport) {
      const state = typeof support === 'object' && support !== null ? (support as Record<string, unknown>).state : undefined;
      undeclared(state, [...base, 'providerSupport', provider, 'state'], `providerSupport.${provider}.state`);
    }
    for (const [provider, state] of cap.support) undeclared(state, [...base, 'support', provider], `support.${provider}`);
    for (const [provider, state] of cap.providers) {
      if (typeof state !== 'string' || compat.includes(state)) continue;
      findings.push(
        catalogFinding({
          code: 'invalid-compat-provider-state',
          file,
          at: { doc, path: [...base, 'providers', provider] },
          message: `Capability "${cap.id}" has providers.${provider} "${state}", which is not a compatibility state (${compat.join(', ')})`,
          help: 'Use a state listed in compatProviderStates.',
          key: `compat:${cap.id}:${provider}:${state}`,
        }),
      );
    }
  }
  return findings;
}
