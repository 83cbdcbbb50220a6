import { describe, expect, it } from 'vitest';
import { cholesky, dot, whiten } from './linear-algebra';

describe('Cholesky factor', () => {
  const matrix = [
    [4, 2, 0.4],
    [2, 5, 1],
    [0.4, 1, 3],
  ];
  const at = (i: number, j: number) => matrix[i]?.[j] ?? NaN;

  it('gives bᵀC⁻¹b through whitening, for b = C·x that is xᵀ·C·x', () => {
    const x = [1, -2, 0.5];
    const b = matrix.map((row) => dot(row, x));
    const z = whiten(cholesky(3, at), b);
    expect(dot(z, z)).toBeCloseTo(dot(x, b), 12);
  });

  it('whitens in place as it whitens into a new vector', () => {
    const factor = cholesky(3, at);
    const b = new Float64Array([0.3, -1, 2]);
    const apart = whiten(factor, b);
    expect(whiten(factor, b, b)).toBe(b);
    expect([...b]).toEqual([...apart]);
  });

  it('gives ln det C', () => {
    const determinant =
      at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) -
      at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
      at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
    expect(cholesky(3, at).logDeterminant).toBeCloseTo(Math.log(determinant), 12);
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(() => cholesky(2, (i, j) => (i === j ? 1 : 2))).toThrow(RangeError);
  });
});
