import { describe, expect, it } from 'vitest';
import { predictionAccuracy, ratioError } from './prediction-accuracy';

const report = (predicted: number, rank: number, rankRange: [number, number] = [predicted / 2, predicted * 2]) => ({
  predicted: { rank: predicted, rankRange },
  rank,
});

describe('how predictions did against official results', () => {
  it('counts a prediction off by a factor the same whichever way it missed', () => {
    expect(ratioError(1000, 2000)).toBe(2);
    expect(ratioError(2000, 1000)).toBe(2);
    expect(ratioError(1500, 1500)).toBe(1);
  });

  it('gives the median ratio error and the share of AIRs inside the predicted range', () => {
    expect(predictionAccuracy([report(1000, 1000), report(1000, 3000), report(100, 150)])).toEqual({
      reports: 3,
      medianRatioError: 1.5,
      insideRange: 2 / 3,
    });
    expect(predictionAccuracy([report(1000, 1000), report(1000, 4000)]).medianRatioError).toBe(2.5);
  });

  it('says nothing of accuracy before any official result came in', () => {
    expect(predictionAccuracy([])).toEqual({ reports: 0, medianRatioError: null, insideRange: null });
  });
});
