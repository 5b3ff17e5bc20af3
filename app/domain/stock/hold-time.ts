/** When a hold made now ends, for a shop that holds units this many minutes. */
export function holdEnd(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}
