/**
 * P(X ≥ successes) for X ~ Binomial(trials, probability): the one-sided p-value of seeing this many successes or more
 * when each trial succeeds with `probability` at most. Summed in log space term by term (pmf(k + 1) from pmf(k)), so
 * it stays exact to rounding for the few thousand trials a paper's crowd gives, where the terms underflow a double.
 */
export function binomialUpperTail(successes: number, trials: number, probability: number): number {
  if (successes <= 0) return 1;
  if (successes > trials) return 0;
  const logOdds = Math.log(probability) - Math.log1p(-probability);
  let logTerm = trials * Math.log1p(-probability);
  for (let k = 0; k < successes; k++) logTerm += Math.log((trials - k) / (k + 1)) + logOdds;
  const logTerms = [logTerm];
  for (let k = successes; k < trials; k++) {
    logTerm += Math.log((trials - k) / (k + 1)) + logOdds;
    logTerms.push(logTerm);
  }
  const largest = Math.max(...logTerms);
  const sum = logTerms.reduce((total, term) => total + Math.exp(term - largest), 0);
  return Math.min(1, Math.exp(largest + Math.log(sum)));
}

/**
 * Holm's step-down correction: which of a family's p-values are significant while the chance of any false one stays
 * at most `familyAlpha`. The smallest is held to familyAlpha / m, the next to familyAlpha / (m − 1), … until one fails.
 */
export function holmSignificant(pValues: readonly number[], familyAlpha: number): boolean[] {
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const significant = pValues.map(() => false);
  for (const [rank, { p, index }] of order.entries()) {
    if (p > familyAlpha / (pValues.length - rank)) break;
    significant[index] = true;
  }
  return significant;
}

/** ln(k!) for k up to the largest asked so far, kept between calls: a crowd asks the same few thousand. */
const logFactorials = [0];
function logFactorial(k: number): number {
  for (let next = logFactorials.length; next <= k; next++)
    logFactorials.push(logFactorials[next - 1]! + Math.log(next));
  return logFactorials[k]!;
}

/**
 * Fisher's exact test, one-sided: P(X ≥ drawnSuccesses) when `draws` of a `population` holding `successes` are taken
 * at random, i.e. the chance that one group (the draws) holds this many of an answer or more if the answer were no
 * likelier in it than in the other group.
 */
export function hypergeometricUpperTail(
  drawnSuccesses: number,
  population: number,
  successes: number,
  draws: number,
): number {
  const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);
  const highest = Math.min(successes, draws);
  let tail = 0;
  for (let k = Math.max(drawnSuccesses, 0, draws - (population - successes)); k <= highest; k++) {
    tail += Math.exp(
      logChoose(successes, k) + logChoose(population - successes, draws - k) - logChoose(population, draws),
    );
  }
  return Math.min(1, tail);
}
