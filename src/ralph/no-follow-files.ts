import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A path plangate refuses to write through (a symlink, or not what it must be). */
export class UnsafePathError extends Error {}

/**
 * Every component of `relative` under `base` is a real directory — none a symlink — creating
 * the missing ones (one level at a time, so a link planted in between is seen). `base` is the
 * operator's (the workdir) and is not checked.
 */
export function ensureRealDirectories(base: string, relative: string): string {
  let path = base;
  let shown = '';
  for (const part of relative.split('/').filter(Boolean)) {
    path = join(path, part);
    shown = shown ? `${shown}/${part}` : part;
    let stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) {
      mkdirSync(path);
      stat = lstatSync(path);
    }
    if (stat.isSymbolicLink())
      throw new UnsafePathError(`${shown} is a symlink: plangate writes run files only into real directories inside the workdir`);
    if (!stat.isDirectory()) throw new UnsafePathError(`${shown} is not a directory`);
  }
  return path;
}

export const WRITE_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
export const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW;

/**
 * `dir/name` replaced whole: a new file (exclusive, never through a link) synced and renamed over
 * the old one, so a reader sees the old content or the new, and a symlink at `dir/name` is
 * refused rather than followed.
 */
export function replaceFile(dir: string, name: string, content: string): void {
  const target = join(dir, name);
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing && !existing.isFile())
    throw new UnsafePathError(`${target} is ${existing.isSymbolicLink() ? 'a symlink' : 'not a regular file'}: not written`);
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  renameSync(temp, target);
}
