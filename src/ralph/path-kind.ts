import { statSync } from 'node:fs';

/** A regular file at the path (links followed); anything unreadable is not one. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A directory at the path (links followed); anything unreadable is not one. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
