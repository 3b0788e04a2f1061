/**
 * A key handed to ssh, scp, sftp or an SSH library as the identity to sign in with (`"sftp", "-i", expanduser("~/.ssh/x")`,
 * `key_filename=`, `IdentityFile`): the key proves who connects and is not what is sent.
 */
const SSH_IDENTITY =
  /(?:(?:^|[\s"'[,(])-i["']?\s{0,4},?\s{0,4}["']?|\b(?:key_filename|pkey|private_key_file|identity_file|IdentityFile|ssh_key_path|--private-key|--key-file)\b["']?\s{0,4}[=:,]?\s{0,4}(?:\w{1,30}\.){0,3}\w{0,30}\(?\s{0,4})$/;

/** Whether the SSH key path at `at` in `text` is the identity a connection signs in with. */
export function sshIdentityAt(text: string, at: number): boolean {
  const before = text
    .slice(Math.max(0, at - 80), at)
    .split('\n')
    .pop()!;
  // Up to the key's path, the call that expands it (`os.path.expanduser(`) and the home folder taken off.
  return SSH_IDENTITY.test(before.replace(/(?:[\w.]{1,40}\(\s{0,4})?["']?(?:~|\$\{?HOME\}?)?\/?$/, ''));
}
