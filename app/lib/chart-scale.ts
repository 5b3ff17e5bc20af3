/**
 * The value axis of a bar chart: a top value that is a round number above the largest bar,
 * split into at most `maxTicks` equal steps of 1, 2 or 5 times a power of ten (whole
 * currency units at least, so a label never needs decimals).
 */
export function valueAxis(maxCents: number, maxTicks = 4): { top: number; ticks: number[] } {
  const minStep = 100;
  const raw = Math.max(maxCents, minStep) / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    minStep,
    [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!,
  );
  const count = Math.max(1, Math.ceil(maxCents / step));
  const ticks = Array.from({ length: count + 1 }, (_, i) => i * step);
  return { top: ticks.at(-1)!, ticks };
}

/** Indexes of the category labels to print under `count` bars: about one a week, first and last always. */
export function dateTickIndexes(count: number, every = 7): number[] {
  if (count <= 0) return [];
  const indexes = new Set<number>([0, count - 1]);
  // Counted back from the last day (today), so the newest labels are regular.
  for (let i = count - 1 - every; i > every / 2; i -= every) indexes.add(i);
  return [...indexes].sort((a, b) => a - b);
}
