/**
 * How a crowd of checkers leans towards the strong: the candidate at field share u = rank / appeared checks with
 * probability min(1, c · λ(u)), λ the lean's shape and c set by the crowd's size. A shape is a power of the share,
 * u^−β (strong candidates check more, smoothly), optionally with a drop: below a share (the knee) the lean falls to
 * a floor over a factor RAMP of the share, as in a crowd of those above some mark (a threshold, a logistic in marks).
 * Crowds that lean in marks rather than in rank (e^(γ·marks)) look like a power of the share whose β varies a little
 * along the field. The law is tabulated in ln u, so that any shape costs the same.
 */
export interface LeanShape {
  /** The power: λ ∝ u^−β among the strong (on a measured curve: a tilt of it, either way). */
  beta: number;
  /** The share of the field below which the lean drops (undefined: no drop). */
  knee?: number;
  /** λ below the drop as a share of the power law's (0 < floor < 1). */
  floor?: number;
  /** A lean measured from official results (measureLean), moved along the field by `shift` in ln(share). */
  curve?: LeanCurve;
  shift?: number;
}

/** ln λ at knots of ln(share), ascending; linear between them, level beyond them. */
export interface LeanCurve {
  lnShares: number[];
  lnLeans: number[];
}

/** A drop spans this factor of the share: a logistic in marks over ±4 marks spans about ×4–6 of the field. */
const RAMP = 4;

/** ln λ(u) for ln u. */
export function lnLean({ beta, knee, floor, curve, shift = 0 }: LeanShape, lnShare: number): number {
  const power = -beta * lnShare;
  const measured = curve ? curveAt(curve, lnShare - shift) : 0;
  if (knee === undefined || floor === undefined) return power + measured;
  const through = Math.min(1, Math.max(0, (lnShare - Math.log(knee)) / Math.log(RAMP)));
  return power + measured + through * Math.log(floor);
}

export function curveAt({ lnShares, lnLeans }: LeanCurve, lnShare: number): number {
  const last = lnShares.length - 1;
  if (lnShare <= (lnShares[0] ?? 0)) return lnLeans[0] ?? 0;
  if (lnShare >= (lnShares[last] ?? 0)) return lnLeans[last] ?? 0;
  let i = 0;
  while ((lnShares[i + 1] ?? Infinity) < lnShare) i++;
  const [x0, x1, y0, y1] = [lnShares[i] ?? 0, lnShares[i + 1] ?? 0, lnLeans[i] ?? 0, lnLeans[i + 1] ?? 0];
  return y0 + ((lnShare - x0) / (x1 - x0)) * (y1 - y0);
}

/**
 * A lean's strength as one number: ln(λ(1%) / λ(50%)) / ln 50, how much more often the top 1% check than the median
 * candidate, on the scale of β (a power law's strength is its β; a drop to a floor f below the top 1% is ln(1/f)/ln 50).
 */
export function leanStrength(shape: LeanShape): number {
  return (lnLean(shape, Math.log(0.01)) - lnLean(shape, Math.log(0.5))) / Math.log(50);
}

/**
 * The law for a shape, a crowd size and a field: P(check) = min(1, c · λ), c such that the field's expected checkers
 * are `size`; expected checkers above each rank on a grid of ln(share), read by interpolation in ln–ln.
 */
export interface SelectionLaw {
  shape: LeanShape;
  appeared: number;
  size: number;
  /** c. */
  scale: number;
  /** Grid of ln(rank / appeared), from rank 1 to the whole field. */
  lnShares: Float64Array;
  /** ln λ at the grid. */
  lnLeans: Float64Array;
  /** ln(expected checkers at or above the grid's rank). */
  lnCounts: Float64Array;
}

const GRID_POINTS = 241;

/**
 * Laws of the plain shapes (no measured curve) are kept by shape, crowd size and field: every prediction of a paper
 * weighs the same shapes for the same crowd, and a law costs a bisection over its table. Bounded, dropped when full.
 */
const KEPT_LAWS = new Map<string, SelectionLaw>();
const MAX_KEPT_LAWS = 2000;

export function selectionLaw(shape: LeanShape, size: number, appeared: number): SelectionLaw {
  if (shape.curve) return tabulatedLaw(shape, size, appeared);
  const key = `${shape.beta}|${shape.knee}|${shape.floor}|${size}|${appeared}`;
  const kept = KEPT_LAWS.get(key);
  if (kept) return kept;
  if (KEPT_LAWS.size >= MAX_KEPT_LAWS) KEPT_LAWS.clear();
  const law = tabulatedLaw(shape, size, appeared);
  KEPT_LAWS.set(key, law);
  return law;
}

function tabulatedLaw(shape: LeanShape, size: number, appeared: number): SelectionLaw {
  const lowest = -Math.log(appeared);
  const step = -lowest / (GRID_POINTS - 1);
  const lnShares = Float64Array.from({ length: GRID_POINTS }, (_, i) => lowest + i * step);
  const lnLeans = lnShares.map((lnShare) => lnLean(shape, lnShare));
  // Candidates per unit of ln(share) (N·u), and the checkers among them at c = 1 (N·u·λ): c scales the second.
  const candidates = lnShares.map((lnShare) => appeared * Math.exp(lnShare));
  const leaning = candidates.map((n, i) => n * Math.exp(lnLeans[i] ?? 0));
  const scratch = new Float64Array(GRID_POINTS);
  const total = (scale: number) =>
    cumulativeCounts(lnShares, candidates, leaning, scale, scratch)[GRID_POINTS - 1] ?? 0;
  let scale = 1;
  if (size < appeared) {
    // Bisection on ln c: the expected crowd grows with c; a strong lean needs c far below size / appeared.
    let low = Math.log(size / appeared) - Math.max(...lnLeans) - 1;
    let high = Math.log(size / appeared) - Math.min(...lnLeans) + 1;
    for (let i = 0; i < 50; i++) {
      const middle = (low + high) / 2;
      if (total(Math.exp(middle)) < size) low = middle;
      else high = middle;
    }
    scale = Math.exp((low + high) / 2);
  }
  const lnCounts = cumulativeCounts(lnShares, candidates, leaning, scale).map(Math.log);
  return { shape, appeared, size, scale, lnShares, lnLeans, lnCounts };
}

/**
 * Expected checkers at or above each grid share: N ∫ P(v) dv, trapezoids in ln v (dv = v d ln v); the best
 * candidate counts as one whole candidate.
 */
function cumulativeCounts(
  lnShares: Float64Array,
  candidates: Float64Array,
  leaning: Float64Array,
  scale: number,
  into = new Float64Array(lnShares.length),
): Float64Array {
  let previous = 0;
  let sum = 0;
  for (let i = 0; i < lnShares.length; i++) {
    const density = Math.min(candidates[i] ?? 0, scale * (leaning[i] ?? 0));
    if (i === 0) sum = density;
    else sum += ((previous + density) / 2) * ((lnShares[i] ?? 0) - (lnShares[i - 1] ?? 0));
    previous = density;
    into[i] = sum;
  }
  return into;
}

/** The chance that the candidate at field `rank` checks. */
export function checkProbability(law: SelectionLaw, rank: number): number {
  return Math.min(1, law.scale * Math.exp(lnLean(law.shape, Math.log(rank / law.appeared))));
}

/** Expected number of checkers among the field's best `rank`. */
export function expectedCrowdAbove(law: SelectionLaw, rank: number): number {
  return Math.exp(interpolate(law.lnShares, law.lnCounts, Math.log(rank / law.appeared)));
}

/** The field rank whose expected crowd count is `count`: the inverse of expectedCrowdAbove. */
export function fieldRankOf(law: SelectionLaw, count: number): number {
  if (count >= law.size) return law.appeared;
  return Math.min(law.appeared, law.appeared * Math.exp(interpolate(law.lnCounts, law.lnShares, Math.log(count))));
}

/** d ln(field rank) / d ln(count) at a count (whose field rank is `rank`): 1 where everyone checks, about 1 / (1 − β) where few do. */
export function rankGain(law: SelectionLaw, count: number, rank = fieldRankOf(law, count)): number {
  return count / (rank * checkProbability(law, rank));
}

/**
 * y at x on the polyline through (xs, ys), xs increasing: linear between the points, the end segments extended
 * beyond them (a power law is a straight line in ln–ln, so its ends extend exactly).
 */
function interpolate(xs: Float64Array, ys: Float64Array, x: number): number {
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((xs[middle] ?? 0) <= x) low = middle;
    else high = middle;
  }
  const [x0, x1, y0, y1] = [xs[low] ?? 0, xs[high] ?? 0, ys[low] ?? 0, ys[high] ?? 0];
  return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
}
