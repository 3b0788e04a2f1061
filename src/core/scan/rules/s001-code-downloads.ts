import { makeRules, ruleAt } from './make-rules.js';
import { oncePerText, oncePerTextAndKey } from './once-per-text.js';
import { MAKEFILE } from './shell-vocabulary.js';
import type { Detector } from './scan-rule.js';

/** Names a unit binds to a temporary file (`fd, path = tempfile.mkstemp()`, `with tempfile.NamedTemporaryFile() as f`); read once per unit. */
const temporaryFiles = oncePerText((text) => {
  const names = new Set<string>();
  for (const m of text.matchAll(
    /\b(\w{1,40})(?:\s{0,4},\s{0,4}(\w{1,40}))?\s{0,4}=\s{0,4}tempfile\.(?:mkstemp|mktemp|NamedTemporaryFile)\b/g,
  ))
    names.add(m[2] ?? m[1]!);
  for (const m of text.matchAll(/\btempfile\.NamedTemporaryFile\s{0,4}\([^)]{0,200}\)\s{1,4}as\s{1,4}(\w{1,40})/g)) names.add(m[1]!);
  return names;
});

/** Whether the unit makes `name` executable (`os.Chmod(name, 0755)`, created with mode 0755, `chmod +x`, `set_permissions(… 0o755)`); once per unit and name. */
const madeExecutable = oncePerTextAndKey((text, name) =>
  new RegExp(
    String.raw`\bchmod(?:Sync)?\s{0,4}\(\s{0,4}&?${name}\b[^)]{0,60}?0o?7[0-7]{2}|\b(?:OpenFile|os\.open|writeFile(?:Sync)?)\s{0,4}\(\s{0,4}&?${name}\b[^;]{0,160}?0o?7[0-7]{2}|\bset_permissions\s{0,4}\(\s{0,4}&?${name}\b[^;]{0,120}?0o?7[0-7]{2}|\bchmod["']?\s{0,4}[,(]?\s{0,4}\[?\s{0,4}["']\+x["']\s{0,4},\s{0,4}&?${name}\b|\bchmod\s{1,4}\+x\s{1,4}["']?\$\{?${name}\b`,
    'i',
  ).test(text),
);

/**
 * Whether `name` holds what a function of the unit returns (`bin, err := ensureTool()`), and that function makes a
 * file executable: the path it hands back is the program it prepared. Once per unit and name.
 */
const returnedExecutable = oncePerTextAndKey((text, name) => {
  const maker = new RegExp(
    String.raw`(?:^|[\s(])${name}\s{0,4}(?:,\s{0,4}\w{1,40}\s{0,4})?:?=\s{0,4}(?:await\s{1,4})?([A-Za-z_]\w{0,40})\s{0,4}\(`,
    'm',
  ).exec(text)?.[1];
  if (!maker) return false;
  const start = new RegExp(String.raw`\b(?:func|def|function|fn)\s{1,4}${maker}\s{0,4}\(`).exec(text)?.index;
  if (start === undefined) return false;
  // The function's body: up to the next top-level definition.
  const rest = text.slice(start + 1);
  const next = rest.search(/\n(?:func|def|function|fn|async\s{1,4}function|pub\s{1,4}fn)\s/);
  return /\b(?:OpenFile|os\.open|writeFile(?:Sync)?|chmod(?:Sync)?|Chmod|set_permissions)\s{0,4}\([^;\n]{0,200}?0o?7[0-7]{2}|\bchmod\s{1,4}\+x\b/.test(
    next < 0 ? rest : rest.slice(0, next),
  );
});

/** A place outside the repository a program writes to and reads from: the user's cache, home or temporary folder. */
const OUTSIDE_FOLDER =
  /\bXDG_(?:CACHE|DATA)_HOME\b|[/"']\.cache[/"']|\bexpanduser\s{0,4}\(|\bPath\.home\s{0,4}\(|\bos\.homedir\s{0,4}\(|\bgettempdir\s{0,4}\(|\bos\.tmpdir\s{0,4}\(|\b(?:LOCALAPPDATA|APPDATA)\b|["']\/tmp\//;

/**
 * Code that fetches a response and code that runs strings or files it made (exec, eval, a module from a string, a
 * temporary script, a shell reading stdin): each is evidence; a download and a run in one unit are remote code.
 */
/** A fetch expression in code, whose value is the response: what a shell given it runs is the download. */
const FETCHED =
  /(?:requests|httpx)\.get\s{0,4}\(|\burlopen\s{0,4}\(|\bNet::HTTP\.get\b|\bURI\.open\s{0,4}\(|\bURI\s{0,4}\([^)\n]{0,200}\)\.read\b|\b(?:HTTParty|Faraday|RestClient)\.get\b|(?<!\.)\bfetch\s{0,4}\(|\b(?:window|globalThis|self)\.fetch\s{0,4}\(|\bfile_get_contents\s{0,4}\(\s{0,4}["']https?:|\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s/;

/** Whether a unit binds `name` to a fetched response (`script = requests.get(u).text`, `body = Net::HTTP.get(uri)`). */
const boundToFetch = oncePerTextAndKey((text, name) =>
  new RegExp(String.raw`(?:^|[^\w.$])\$?${name}\s{0,4}=(?!=)[^\n]{0,200}?(?:${FETCHED.source})`, 'm').test(text),
);

/** A program's shell set-up command piped on (`fnm env --use-on-cd --shell powershell | Out-String |`), up to the evaluator. */
const SHELL_SETUP_PIPED =
  /(?:^|[{;(]\s{0,4})[\w.-]{1,40}(?:\s{1,4}[\w-]{1,30}){0,2}\s{1,4}(?:env|init|completions?|hook|shellenv|activate)\b[^|\n]{0,80}\|\s{0,4}(?:Out-String\s{0,4}\|\s{0,4})?$/i;

/** The web address a unit sets a name to (`const transformersUrl = "https://…"`); once per unit and name. */
const remoteAddressOf = oncePerTextAndKey(
  (text, name) =>
    new RegExp(
      String.raw`(?:^|[\s;(])(?:const|let|var)?\s{0,4}${name.replace(/\$/g, '\\$')}\s{0,4}(?::\s{0,4}string\s{0,4})?=\s{0,4}["'\x60](https?:\/\/[^"'\x60\s$]{1,300})["'\x60]`,
      'm',
    ).exec(text)?.[1],
);

/** A module on a package registry's CDN at an exact version: what it serves at that address does not change. */
const PINNED_REGISTRY_MODULE =
  /^https:\/\/(?:deno\.land\/(?:x\/[\w-]{1,60}|std)|jsr\.io\/@[\w-]{1,60}\/[\w-]{1,60}|esm\.sh\/(?:@[\w-]{1,60}\/)?[\w.-]{1,60}|cdn\.jsdelivr\.net\/npm\/(?:@[\w-]{1,60}\/)?[\w.-]{1,60}|unpkg\.com\/(?:@[\w-]{1,60}\/)?[\w.-]{1,60}|cdn\.skypack\.dev\/(?:@[\w-]{1,60}\/)?[\w.-]{1,60})@v?\d{1,5}\.\d{1,5}\.\d{1,5}(?:[\w.-]{0,40})?(?:\/|$)/;

export const CODE_DOWNLOAD_DETECTORS: readonly Detector[] = [
  {
    // A shell given what a fetch returned (`subprocess.run(requests.get(u).text, shell=True)`, `system(Net::HTTP.get(uri))`,
    // `os.system(script)` after `script = urlopen(u).read().decode()`): the download runs as it arrives.
    id: 'shell-runs-fetched-text',
    keywords: ['os.system', 'os.popen', 'subprocess', 'system', 'popen', 'shell_exec', 'passthru'],
    scope: 'unit',
    reads: ['code'],
    capabilities: ['download', 'execute'],
    level: 'HIGH',
    re: /(?:\bos\.(?:system|popen)|\bsubprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)|(?<![\w.:$])system|\bKernel\.system|\bIO\.popen|\bshell_exec|\bpassthru)\s{0,4}\(\s{0,4}(?:(?<name>\$?[A-Za-z_]\w{0,40})\s{0,4}(?:[,)]|\.(?:decode|strip)\s{0,4}\(\s{0,4}\)\s{0,4}[,)])|(?<call>[^\n]{1,200}))/,
    accept: (m, c) => {
      const { name, call } = m.groups!;
      // A list is an argv: its first word is the program, not a script.
      if (call !== undefined)
        return !/^\[/.test(call) && FETCHED.test(call.slice(0, 80)) && /^(?:[\w.:]{1,60}\s{0,4}\(|await\s)/.test(call);
      return boundToFetch(c.unitText, name!.replace(/^\$/, '\\$'));
    },
    why: 'Runs what a request returned as a shell command: whoever controls the URL (or the network) runs commands on the machine.',
  },
  {
    // Code that reads a response as text: with an eval in the same unit, the fetched text is what runs.
    id: 'fetch-text-in-code',
    keywords: [
      'urlopen',
      'requests.get',
      'httpx.get',
      'net::http',
      'uri.open',
      '^uri',
      'httparty',
      'faraday',
      'restclient',
      'fetch',
      'http.get',
      'https.get',
      'axios.get',
      'downloadstring',
      'urlretrieve',
      'reqwest',
      'ureq::',
      'getstringasync',
      'getbytearrayasync',
      ':httpc',
      'httpoison',
      'req.get',
      'tesla.get',
      'downloads.download',
    ],
    evidenceOnly: true,
    capabilities: ['download'],
    reads: ['code'],
    // Elixir's `:httpc.request(:get, …)`, `HTTPoison.get`, `Req.get`, `Tesla.get` and Julia's `Downloads.download` too. A
    // method named fetch (Ruby's `cfg.fetch("destination")`, a hash's default) is not the web's `fetch(`.
    re: /\bDownloads\.download\s{0,4}\(|:httpc\.request\s{0,4}\(|\b(?:HTTPoison|Req|Tesla)\.get!?\s{0,4}\(|\burlopen\s{0,4}\(|\b(?:requests|httpx)\.get\s{0,4}\(|\bNet::HTTP\.get\b|\bURI\.open\s{0,4}\(|\bURI\s{0,4}\([^)]{0,200}\)\.read\b|\bHTTParty\.get\b|\bFaraday\.get\b|\bRestClient\.get\b|(?<!\.)\bfetch\s{0,4}\(|\b(?:window|globalThis|self)\.fetch\s{0,4}\(|\bhttps?\.get\s{0,4}\(|\baxios\.get\s{0,4}\(|\.DownloadString\s{0,4}\(|\burlretrieve\s{0,4}\(|\breqwest::(?:blocking::)?get\s{0,4}\(|\bureq::(?:get|request)\s{0,4}\(|\.Get(?:String|ByteArray)Async\s{0,4}\(/i,
  },
  {
    // The same request as a chain a formatter broke over lines (`https\n  .get(url, …)`): a line detector sees neither half whole.
    id: 'fetch-chain-in-code',
    keywords: ['https', 'http'],
    scope: 'unit',
    evidenceOnly: true,
    capabilities: ['download'],
    reads: ['code'],
    re: /\b(?:https?|axios|requests|httpx)[ \t]{0,4}\r?\n[ \t]{0,40}\.(?:get|request)[ \t]{0,4}\(/,
  },
  {
    // Code that runs a string it did not write (exec, eval, compile, Function and its async form, called or constructed through
    // Reflect, vm, a module compiled from a string: `m._compile(src, name)`): with a fetch, remote code.
    id: 'eval-in-code',
    // `Reflect.construct(Function, …)` holds `function` too.
    keywords: [
      'exec',
      'eval',
      'compile',
      'function',
      'vm.',
      'invoke-expression',
      'iex',
      '_compile',
      'execfile',
      'instructionsequence',
      'apply',
      'include',
    ],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    // Elixir's `Code.eval_string(src)`, `Code.compile_string(src)` and the same through `apply(Code, …)`; Julia's
    // `Base.include(Main, file)`.
    re: /\bBase\.include(?:_string)?\s{0,4}\(|\binclude\s{0,4}\(\s{0,4}Main\s{0,4},|\bCode\.(?:eval_string|compile_string)\s{0,4}\(|\bapply\s{0,4}\(\s{0,4}Code\s{0,4},|(?<![.\w$])(?:exec|eval|execfile)\s{0,4}\(\s{0,4}(?!["'\x60])|(?<![.\w$])eval\s{0,4}\(\s{0,4}\x60(?=[^\x60]{0,400}\$\{)|\bcompile\s{0,4}\([^\n]{0,200}?,\s{0,4}["'](?:exec|eval)["']\s{0,4}\)|\bnew\s{1,4}(?:Async|Generator|AsyncGenerator)?Function\s{0,4}\(|\(\s{0,4}0\s{0,4},\s{0,4}eval\s{0,4}\)\s{0,4}\(|\b(?:globalThis|window|global|self)\.eval\s{0,4}\(|(?<![.\w$])Function\s{0,4}\(\s{0,4}(?:\x60(?=[^\x60]{0,400}\$\{)|(?!["'\x60)])[A-Za-z_$])|\bReflect\.(?:construct|apply)\s{0,4}\(\s{0,4}(?:Async)?Function\b|\bvm\.run\w{0,20}\s{0,4}\(|\b(?:instance_eval|class_eval|module_eval)\b|\bKernel\.eval\b|\bInstructionSequence\.(?:compile|new|load_from_binary)\b|(?<![.\w$])eval\s{1,4}[a-z_]\w{0,40}\b(?!\s{0,4}[=(])|\bInvoke-Expression\b|\biex\b|\._compile\s{0,4}\(|\bvm\.compileFunction\s{0,4}\(|\bnew\s{1,4}vm\.Script\s{0,4}\(|\bexecSync\s{0,4}\(\s{0,4}(?:await\s{1,4})?(?!["'\x60])[A-Za-z_$(]/i,
    // A template literal with a value in it (`eval(\`(async () => { ${src} })()\`)`) runs that value; one without, only itself
    // (JavaScript's `exec` of a template is child_process running a command line, judged as one).
    // A Function built only from string literals (`new Function('name', 'return …')`) runs what the file says, nothing fetched;
    // `eval word` without parentheses is shell, Perl or Ruby; in Python or JavaScript it is only ever text ("eval report").
    accept: (m, c) =>
      !(/^eval\s/i.test(m[0]) && /\.(?:pyw?|[cm]?[jt]sx?)$/i.test(c.path)) &&
      // `Function(src)()` builds a function as `new Function` does; `function (a) {` (the pattern is case-blind) declares one.
      !(/^function/i.test(m[0]) && !m[0].startsWith('Function')) &&
      // A local tool's shell set-up piped in (`fnm env --shell powershell | Out-String | Invoke-Expression`, `gh completion -s
      // powershell | iex`): what the installed program prints for the shell, as `eval "$(fnm env)"` is.
      !(
        /^(?:Invoke-Expression|iex)$/i.test(m[0]) && SHELL_SETUP_PIPED.test(c.text.slice(c.text.lastIndexOf('\n', m.index) + 1, m.index))
      ) &&
      !/^new\s{1,4}\w{0,20}Function\s{0,4}\(\s{0,4}(?:(["'])(?:(?!\1)[^\\\n]){0,400}\1\s{0,4},?\s{0,4}){1,8}\)/i.test(
        c.text.slice(m.index, m.index + 2000),
      ),
  },
  {
    // A module loaded from an address worked out at run time (`await import(new URL(item.entry, base).href)`, `import(\`${cdn}/x.js\`)`):
    // with a fetch in the same code (a manifest of entries), whatever that host lists runs as part of the program.
    id: 'import-from-url',
    keywords: ['import('],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    re: /\bimport\s{0,4}\(\s{0,4}(?:new\s{1,4}URL\s{0,4}\(|[^()\n]{1,120}\.href\s{0,4}\)|\x60https?:\/\/[^\x60\n]{0,120}\$\{)/,
    // `new URL("./formats/x.mjs", import.meta.url)`: a file beside the module, resolved against its own location.
    accept: (m, c) =>
      !/^import\s{0,4}\(\s{0,4}new\s{1,4}URL\s{0,4}\(\s{0,4}["'\x60]\.{1,2}\/[^"'\x60\n]{0,200}["'\x60]\s{0,4},\s{0,4}import\.meta\.url\s{0,4}\)/.test(
        c.text.slice(m.index, m.index + 300),
      ),
  },
  {
    // A module imported at run time from a web address (`await import("https://tool.dev/transformers/latest/index.ts")`, or a
    // name the unit sets to one): whatever that host serves today runs inside the program. A registry's version-pinned
    // module (`jsr.io/@std/path@1.0.2`, `esm.sh/zod@3.23.8`) is a dependency, fixed as a lockfile would fix it.
    id: 'import-remote-module',
    keywords: ['import('],
    capabilities: ['download', 'execute'],
    level: 'HIGH',
    reads: ['code'],
    re: /\bimport\s{0,4}\(\s{0,4}(?:["'\x60](?<url>https?:\/\/[^"'\x60\s$]{1,300})["'\x60]|(?<name>[A-Za-z_$][\w$]{0,40})\s{0,4}[,)])/,
    accept: (m, c) => {
      const url = m.groups!.url ?? (m.groups!.name ? remoteAddressOf(c.unitText, m.groups!.name) : undefined);
      return url !== undefined && !PINNED_REGISTRY_MODULE.test(url);
    },
  },
  {
    // Go through a client of its own (`c := &http.Client{…}; c.Get(url)`): a download as much as `http.Get`.
    id: 'go-http-client',
    keywords: ['http.client'],
    evidenceOnly: true,
    capabilities: ['download'],
    reads: ['code'],
    scope: 'unit',
    re: /\bhttp\.Client\s{0,4}\{/,
    requires: /\.(?:Get|Do)\s{0,4}\(/,
  },
  {
    // A shell started to read its script from stdin (`exec.Command("sh", "-s")`, `["bash", "-s"]`): with a fetch, the download runs.
    id: 'shell-script-from-stdin',
    keywords: [
      '"sh"',
      "'sh'",
      '"bash"',
      "'bash'",
      '"zsh"',
      "'zsh'",
      '/bin/sh"',
      "/bin/sh'",
      '/bin/bash"',
      "/bin/bash'",
      '"powershell',
      '"pwsh',
      '"cmd',
    ],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    // Rust's builder (`Command::new("sh").arg("-c").arg(&body)`), C#'s `Process.Start("powershell", "-Command " + s)` and Go's
    // `exec.Command("powershell", "-Command", s)` hand a shell the same: a script the program holds in a variable.
    // Or `-c` with a script held in a variable (`exec.Command("sh", "-c", script)`): whatever the program fetched or built.
    re: /\b(?:exec\.Command(?:Context)?|subprocess\.(?:run|call|Popen|check_call|check_output)|spawn(?:Sync)?|execFile(?:Sync)?|Popen|Command::new)\s{0,4}\((?:\s{0,4}ctx\s{0,4},)?\s{0,4}\[?\s{0,4}["'](?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh["']\s{0,4}[,)]\s{0,4}\[?\s{0,4}(?:["']-[a-z]{0,3}s[a-z]{0,3}["']|\.arg\s{0,4}\(\s{0,4}["']-s["']|["']-c["']\s{0,4},\s{0,4}(?:string\s{0,4}\(\s{0,4})?[a-zA-Z_]\w{0,40}\s{0,4}[,)\]])|\bCommand::new\s{0,4}\(\s{0,4}"(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh"\s{0,4}\)\s{0,4}(?:\.arg\s{0,4}\(\s{0,4}"-c"\s{0,4}\)\s{0,4}\.arg|\.args\s{0,4}\(\s{0,4}&?(?:vec!)?\[\s{0,4}"-c"\s{0,4},)\s{0,4}\(?\s{0,4}&?[A-Za-z_]|\bProcess\.Start\s{0,4}\(\s{0,4}"(?:powershell|pwsh|cmd|bash|sh)(?:\.exe)?"\s{0,4},\s{0,4}(?:[A-Za-z_]\w{0,40}\s{0,4}[,)]|\$"[^"\n]{0,120}\{|"[^"\n]{0,120}"\s{0,4}\+\s{0,4}[A-Za-z_])|\bexec\.Command(?:Context)?\s{0,4}\((?:\s{0,4}ctx\s{0,4},)?\s{0,4}"(?:powershell|pwsh|cmd)(?:\.exe)?"\s{0,4},(?:\s{0,4}"-[\w-]{1,20}"\s{0,4},){0,3}\s{0,4}"(?:-c|-Command|\/c|\/C)"\s{0,4},\s{0,4}[A-Za-z_]/,
  },
  {
    // Rust's builder over lines (`Command::new("sh")⏎ .arg("-s")`, then the script written to its stdin): the same shell
    // reading a script the program holds.
    id: 'rust-shell-from-stdin',
    keywords: ['command::new'],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    scope: 'unit',
    re: /\bCommand::new\s{0,4}\(\s{0,4}"(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh"\s{0,4}\)\s{0,12}\.arg\s{0,4}\(\s{0,4}"-s"/,
  },
  {
    // A Makefile rule that runs its prerequisite (`$(SHELL) $<`, `bash $^`, `chmod +x $< && ./$<`) where another rule
    // downloads that file (`curl -fsSL -o $@ $(URL)`): the download and its run are two targets, one act.
    id: 'make-runs-downloaded-prerequisite',
    keywords: ['$<', '$^'],
    capabilities: ['download', 'execute'],
    reads: ['code'],
    scope: 'unit',
    re: /(?:\$\{SHELL\}|\$\(SHELL\)|(?<![\w/.-])(?:ba|z|da|k)?sh|\bpython[\d.]{0,4}|\bnode|\bperl|\bruby|(?<![\w$])\.\/)\s{0,4}\$[<^]/,
    accept: (m, c) => {
      if (!MAKEFILE.test(c.path)) return false;
      const rule = ruleAt(c.unitText, m.index);
      const first = rule?.prerequisites[0];
      if (!first) return false;
      return makeRules(c.unitText).some(
        (r) =>
          r.targets.includes(first) &&
          /\b(?:curl|wget)\b[^\n]{0,300}?(?:-o|--output|-O|--output-document)[ \t=]{0,4}["']?\$@|\b(?:curl|wget)\b[^\n]{0,300}?>[ \t]{0,4}["']?\$@/.test(
            r.recipe,
          ),
      );
    },
  },
  {
    // Fetched bytes written as a program file in the user's cache or home folder (`urlopen(url)` … `write_bytes(r.read())`
    // to `CACHE / "rt.py"`): code to be loaded later, by this file or another of the skill.
    id: 'download-saved-as-code',
    keywords: ['write_bytes', 'write_text', 'writefile', "'wb'", '"wb"'],
    evidenceOnly: true,
    capabilities: ['download'],
    reads: ['code'],
    scope: 'unit',
    re: /\.write_(?:bytes|text)\s{0,4}\(|\bwriteFile(?:Sync)?\s{0,4}\(|\bopen\s{0,4}\([^()\n]{0,200},\s{0,4}["']wb["']/,
    accept: (_m, c) =>
      /\burlopen\s{0,4}\(|\burlretrieve\s{0,4}\(|\brequests\.get\s{0,4}\(|\bhttpx\.get\s{0,4}\(|\bfetch\s{0,4}\(|\bhttps?\.get\s{0,4}\(/.test(
        c.unitText,
      ) &&
      /["'][\w.-]{1,80}\.(?:py|js|mjs|cjs|sh|rb|ps1)["']/.test(c.unitText) &&
      OUTSIDE_FOLDER.test(c.unitText),
  },
  {
    // `spec_from_file_location(name, path)` … `exec_module(mod)`, `runpy.run_path(path)`: a program loaded from a file
    // by its path. Evidence alone; with fetched code saved as a program file elsewhere in the skill, that code runs.
    id: 'load-code-from-file',
    keywords: ['spec_from_file_location', 'run_path', 'sourcefileloader'],
    evidenceOnly: true,
    capabilities: ['loads-code-file'],
    reads: ['code'],
    re: /\bspec_from_file_location\s{0,4}\(|\brunpy\.run_path\s{0,4}\(|\bSourceFileLoader\s{0,4}\(/,
  },
  {
    // A shell started with no script and given one as its input (`execSync("sh", { input: script })`,
    // `subprocess.run(["/bin/sh"], input=data)`), or a name the code sets to a shell: with a fetch, the download runs.
    id: 'shell-fed-on-input',
    keywords: ['"sh"', "'sh'", '"bash"', "'bash'", '"zsh"', "'zsh'", '/bin/sh"', "/bin/sh'", '/bin/bash"', "/bin/bash'"],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    // The whole unit: the name may be set on another line.
    scope: 'unit',
    re: /\b(?:subprocess\.(?:run|call|Popen|check_call|check_output)|spawn(?:Sync)?|execFile(?:Sync)?|execSync|Popen)\s{0,4}\(\s{0,4}\[?\s{0,4}(?<shell>["'](?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh["']|[A-Za-z_]\w{0,40})\s{0,4}\]?\s{0,4},[^;\n]{0,120}?\b(?:input\s{0,4}[=:]\s{0,4}[A-Za-z_(]|stdin\s{0,4}=\s{0,4}(?:subprocess\.)?PIPE\b)/,
    accept: (m, c) => {
      const shell = m.groups!.shell!;
      // Given its script with `-c` (`["-c", 'cat > "$1"', …]`), the shell reads the input as data, unless that script runs it.
      const script = /["']-[a-z]{0,3}c["']\s{0,4},\s{0,4}(["'`])((?:(?!\1)[^\n]){0,200})\1/.exec(m[0]);
      if (script && !/\b(?:(?:ba|z|da|k)?sh|eval|source|exec)\b|(?:^|[;&|]\s{0,4})\.\s/.test(script[2]!)) return false;
      if (/^["']/.test(shell)) return true;
      return new RegExp(String.raw`\b${shell}\s{0,4}=\s{0,4}["'](?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh["']`).test(c.unitText);
    },
  },
  {
    // A Python or shell program run from a temporary file (`fd, p = tempfile.mkstemp(suffix=".py")` … `subprocess.run([sys.executable, p])`):
    // code written at run time, not a file of the repository. With a download in the same unit, the download is what runs.
    id: 'run-temporary-file',
    keywords: ['sys.executable', '"python', "'python", '"bash"', "'bash'", '"sh"', "'sh'", '"node"', "'node'"],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    re: /\b(?:subprocess\.(?:run|call|Popen|check_call|check_output)|os\.spawn\w{1,4}|Popen)\s{0,4}\(\s{0,4}\[\s{0,4}(?:sys\.executable|["'](?:python[23]?|bash|sh|node)["'])\s{0,4},\s{0,4}(?<file>[a-zA-Z_]\w{0,40})(?:\.name)?\s{0,4}[,\]]/,
    accept: (m, c) => temporaryFiles(c.unitText).has(m.groups!.file!),
  },
  {
    // A shell given a script file the program holds in a name (`exec.Command("/bin/sh", p)`, `subprocess.run(["bash", path])`,
    // `spawnSync("sh", [file])`, `Command::new("sh").arg(&path)`): what runs is whatever file that is. With a download
    // the same program (or the step that runs it) makes, the download runs.
    id: 'shell-runs-script-file',
    keywords: ['"sh"', '"bash"', "'sh'", "'bash'", '/bin/sh"', '/bin/bash"', "/bin/sh'", "/bin/bash'"],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    re: /\b(?:exec\.Command(?:Context)?\s{0,4}\((?:\s{0,4}ctx\s{0,4},)?|subprocess\.(?:run|call|Popen|check_call|check_output)\s{0,4}\(\s{0,4}\[|spawn(?:Sync)?\s{0,4}\(|execFile(?:Sync)?\s{0,4}\()\s{0,4}["'](?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh["']\s{0,4},\s{0,4}\[?\s{0,4}&?[A-Za-z_]\w{0,40}(?:\.name)?\s{0,4}[,)\]]|\bCommand::new\s{0,4}\(\s{0,4}"(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh"\s{0,4}\)\s{0,4}\.arg\s{0,4}\(\s{0,4}&?[A-Za-z_]\w{0,40}\s{0,4}\)/,
  },
  {
    // A program run from a file the same code made executable (`os.Chmod(dst, 0o755)` … `exec.Command(dst)`): with a
    // download in the unit, the downloaded binary is what runs.
    id: 'run-made-executable',
    keywords: ['exec.command', 'subprocess.', 'spawn', 'execfile', 'command::new', 'os.exec'],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    re: /\b(?:exec\.Command(?:Context)?\s{0,4}\((?:\s{0,4}ctx\s{0,4},)?|subprocess\.(?:run|call|Popen|check_call|check_output)\s{0,4}\(\s{0,4}\[|spawn(?:Sync)?\s{0,4}\(|execFile(?:Sync)?\s{0,4}\(|Command::new\s{0,4}\(|os\.exec[lv]p?e?\s{0,4}\()\s{0,4}&?(?:(?<file>[A-Za-z_]\w{0,40})|(?<literal>"[\w./~-]{1,200}"|'[\w./~-]{1,200}'))\s{0,4}[,)\]]/,
    // A path written out (`exec.Command("/tmp/helper")` after `os.Chmod("/tmp/helper", 0755)`) is the same file.
    accept: (m, c) => {
      const name = m.groups!.file ?? `["']${m.groups!.literal!.slice(1, -1).replace(/[.~]/g, '\\$&')}`;
      return madeExecutable(c.unitText, name) || (m.groups!.file !== undefined && returnedExecutable(c.unitText, name));
    },
  },
  {
    // `import("data:text/javascript;base64," + …)`: a module made from a string, so whatever the string holds runs.
    id: 'import-from-string',
    keywords: ['data:text/javascript', 'data:application/javascript', 'createobjecturl'],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    re: /\bimport\s{0,4}\(\s{0,4}["'\x60]data:(?:text|application)\/(?:javascript|ecmascript)\b|\bimport\s{0,4}\(\s{0,4}URL\.createObjectURL\s{0,4}\(/i,
  },
  {
    // `runpy.run_path(CACHE / "rt.py")`, `exec(open(os.path.expanduser("~/.cache/x/rt.py")).read())`, `require(path.join(os.homedir(), …))`:
    // code loaded at run time from a file the repository does not hold (the user's cache, home or temp folder). What is
    // there is whatever was put there; with a download into such a place anywhere in the skill, it is the download.
    id: 'run-code-from-outside',
    keywords: ['runpy', 'spec_from_file_location', 'sourcefileloader', 'exec', 'require', 'sys.executable'],
    evidenceOnly: true,
    capabilities: ['execute'],
    reads: ['code'],
    // Or a Python file a path names run by the interpreter itself (`subprocess.Popen([sys.executable, path, "--init"])`).
    re: /\bsubprocess\.(?:Popen|run|call|check_call|check_output)\s{0,4}\(\s{0,4}\[\s{0,4}sys\.executable\s{0,4},\s{0,4}[A-Za-z_]\w{0,40}\s{0,4}[,\]]|\brunpy\.run_path\s{0,4}\(|\bspec_from_file_location\s{0,4}\(|\bSourceFileLoader\s{0,4}\(|(?<![\w.$])exec\s{0,4}\(\s{0,4}(?:compile\s{0,4}\(\s{0,4})?open\s{0,4}\(|\brequire\s{0,4}\(\s{0,4}(?:path\.(?:join|resolve)\s{0,4}\(\s{0,4})?(?:os\.homedir\s{0,4}\(|os\.tmpdir\s{0,4}\(|process\.env\.(?:HOME|XDG_CACHE_HOME|APPDATA|LOCALAPPDATA|TEMP|TMPDIR)\b)/,
    accept: (_m, c) => OUTSIDE_FOLDER.test(c.unitText),
  },
];
