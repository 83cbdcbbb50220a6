/** A symmetric positive-definite matrix's Cholesky factor L (C = L·Lᵀ), lower triangle row by row. */
export interface Cholesky {
  size: number;
  lower: Float64Array;
  /** ln det C. */
  logDeterminant: number;
}

/** Factorises the n × n matrix whose (i, j) entry is `entry(i, j)` (only i ≥ j is asked). */
export function cholesky(size: number, entry: (i: number, j: number) => number): Cholesky {
  const lower = new Float64Array(size * size);
  let logDeterminant = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = entry(i, j);
      for (let k = 0; k < j; k++) sum -= (lower[i * size + k] ?? 0) * (lower[j * size + k] ?? 0);
      if (i === j) {
        if (!(sum > 0)) throw new RangeError('The matrix is not positive definite.');
        lower[i * size + i] = Math.sqrt(sum);
        logDeterminant += Math.log(sum);
      } else {
        lower[i * size + j] = sum / (lower[j * size + j] ?? 1);
      }
    }
  }
  return { size, lower, logDeterminant };
}

/**
 * L⁻¹·b: then bᵀC⁻¹b = |L⁻¹b|² and aᵀC⁻¹b = (L⁻¹a)·(L⁻¹b). Into `out`, which may be b itself (each entry is read
 * before it is overwritten): the crowd estimate whitens two vectors per hypothesis at every mark, and reuses them.
 */
export function whiten(
  { size, lower }: Cholesky,
  b: ArrayLike<number>,
  out: Float64Array = new Float64Array(size),
): Float64Array {
  for (let i = 0; i < size; i++) {
    let sum = b[i] ?? 0;
    for (let k = 0; k < i; k++) sum -= (lower[i * size + k] ?? 0) * (out[k] ?? 0);
    out[i] = sum / (lower[i * size + i] ?? 1);
  }
  return out;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}
