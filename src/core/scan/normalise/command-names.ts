/**
 * Programs the command rules look for. A word that the shell turns into one of these
 * (`c"u"rl`, `b'a'sh`, `c\url`, `$C` after `C=curl`) is read as the program itself; words that
 * name nothing here are left alone, so quoting elsewhere (`f"…"`, `key="value"`) never changes.
 */
export const COMMANDS: ReadonlySet<string> = new Set(
  'curl wget fetch aria2c iwr irm invoke-webrequest invoke-restmethod invoke-expression iex bash sh zsh dash ksh csh tcsh fish pwsh powershell python python2 python3 py node nodejs deno bun perl ruby php lua osascript eval exec source sudo env xargs nc ncat netcat socat telnet base64 xxd openssl gunzip zcat certutil bitsadmin rm dd mkfs chmod chown crontab launchctl systemctl schtasks xattr spctl cat printenv scp rsync ssh nslookup dig history unset mkfifo'.split(
    ' ',
  ),
);

/** Whether a word (a path's last part, any case) names one of the programs above. */
export function isCommand(word: string): boolean {
  const base = word.slice(word.lastIndexOf('/') + 1).toLowerCase();
  return COMMANDS.has(base);
}
