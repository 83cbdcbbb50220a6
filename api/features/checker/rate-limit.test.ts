import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('lets max requests through per window and key, then says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000 }, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([0, 0, 0]);
    now = 15_000;
    expect(limiter.hit('a')).toBe(45_000);
    now = 60_000;
    expect(limiter.hit('a')).toBe(0);
  });

  it('forgets the least recently seen keys beyond its bound', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000, maxKeys: 2 }, () => 0);
    limiter.hit('a');
    expect(limiter.hit('a')).toBeGreaterThan(0);
    limiter.hit('b');
    limiter.hit('c');
    expect(limiter.hit('a')).toBe(0);
  });
});
