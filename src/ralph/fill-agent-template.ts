/** Placeholders the agent command template may use. */
export const AGENT_PLACEHOLDERS = ['{prompt_file}', '{story_id}', '{workdir}'] as const;

export interface AgentTemplateValues {
  promptFile: string;
  storyId: string;
  workdir: string;
}

/**
 * The operator's template with each placeholder replaced by a single-quoted shell word.
 * The template itself is the operator's command and runs through `sh -c`; the values
 * (a story id comes from repository content) can never add shell syntax to it.
 */
export function fillAgentTemplate(template: string, values: AgentTemplateValues): string {
  return template
    .replaceAll('{prompt_file}', shellQuote(values.promptFile))
    .replaceAll('{story_id}', shellQuote(values.storyId))
    .replaceAll('{workdir}', shellQuote(values.workdir));
}

export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
