/** The median of `values` (the mean of the middle two when their count is even). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The p-th percentile (nearest rank) of `values`. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** Each round's rate of one contender over the other's in the same round (pairs met under the same neighbours). */
export const roundRatios = (rates: number[], against: number[]) => rates.map((rate, round) => rate / against[round]);
