/** The address part of EMAIL_FROM ("Retreat HQ <hello@example.com>" gives hello@example.com). */
export function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}
