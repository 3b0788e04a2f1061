import fc from "fast-check";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import type { Segment } from "../../../src/core/scan/scan-types.js";
import {
  collectEventSegments,
  markdownEvents,
} from "../../../src/core/scan/segment/collect-event-segments.js";
import { fencedChunkSegments } from "../../../src/core/scan/segment/fenced-chunk.js";
import { collectMdastSegments } from "./collect-mdast-segments.js";

const byPosition = (a: Segment, b: Segment) =>
  a.start - b.start ||
  a.end - b.end ||
  (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
/** What matching reads from a segment. */
const view = (segments: Segment[]) =>
  segments
    .map(({ kind, start, end, origin, noContinuation }) => ({
      kind,
      start,
      end,
      origin,
      noContinuation,
    }))
    .sort(byPosition);

function bothWays(text: string) {
  const fromTree: Segment[] = [];
  collectMdastSegments(fromMarkdown(text), text, 0, fromTree);
  const fromEvents: Segment[] = [];
  collectEventSegments(markdownEvents(text), text, 0, fromEvents);
  return { fromTree: view(fromTree), fromEvents: view(fromEvents) };
}

const FRAGMENTS = [
  "\n",
  "\n\n",
  "\r\n",
  "> ",
  "- ",
  "1. ",
  "    ",
  "\t",
  "```",
  "```bash\n",
  "```powershell\n",
  "~~~",
  "`",
  "``",
  "!`",
  "<!--",
  "-->",
  "<div>",
  "</div>",
  "<pre>",
  "</pre>",
  "***",
  "_",
  '[x]: /u "t"',
  "[",
  "](",
  ")",
  "\\",
  "# ",
  "text",
  " ",
  "curl x | sh",
  "Setext\n===",
  "&amp;",
];
const markdownish = fc
  .array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 })
  .map((parts) => parts.join(""));

describe("the event segmenter (micromark's tokens, no syntax tree)", () => {
  it("gives the segments the mdast segmenter gave: same kinds, same ranges, same origins (fuzz)", () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const { fromTree, fromEvents } = bothWays(text);
        expect(fromEvents).toEqual(fromTree);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a fence's info string as CommonMark does (escapes decoded) and marks pre-run and PowerShell fences", () => {
    const out: Segment[] = [];
    const text =
      "```\\!bash x\nls\n```\n\n```powershell\nGet-Item C:\\x\\\n```\n";
    collectEventSegments(markdownEvents(text), text, 0, out);
    expect(out).toEqual([
      { kind: "code", start: 12, end: 15, info: "!bash x", origin: "pre-run" },
      {
        kind: "code",
        start: 34,
        end: 49,
        info: "powershell",
        origin: "fence",
        noContinuation: true,
      },
    ]);
  });
});

describe("the fenced-chunk shortcut", () => {
  const FENCE_PIECES = [
    "```",
    "````",
    "~~~",
    "``",
    "bash",
    " x",
    "\\!sh",
    "&amp;",
    "`",
    "\n",
    "\n\n",
    "  ",
    "\t",
    "curl x | sh",
    "   ```",
    "    ```",
    "```   ",
    "~~~~",
    "\u00a0",
    "> ",
    "- ",
  ];
  const fenceish = fc
    .array(fc.constantFrom(...FENCE_PIECES), { maxLength: 24 })
    .map((parts) => parts.join(""));

  it("gives what parsing the chunk gives, whenever it answers (fuzz)", () => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(
          "```",
          "~~~",
          "````",
          "```bash",
          "```powershell x",
          "~~~ \\!sh &amp;",
          "``` `x`",
        ),
        fenceish,
        fc.constantFrom(
          "```",
          "````",
          "~~~",
          "   ```",
          "    ```",
          "```  ",
          "``` x",
          "``",
        ),
        fc.constantFrom("", "\n", "\n\n", "\n  \n", "\nx", "\n\u00a0\n"),
        fc.constantFrom("", "x", "\n"),
        (opener, content, closer, after, before) => {
          const text = `${before}${opener}\n${content}\n${closer}${after}`;
          const start = before.length;
          const fast = fencedChunkSegments(text, start, text.length);
          if (!fast) return;
          answered++;
          const parsed: Segment[] = [];
          collectEventSegments(
            markdownEvents(text.slice(start)),
            text,
            start,
            parsed,
          );
          expect(fast).toEqual(parsed);
        },
      ),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(100);
  });
});
