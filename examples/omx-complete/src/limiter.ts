export function allow(tokens: number): boolean {
  return tokens > 0;
}
