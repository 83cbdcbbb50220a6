import { describe, expect, it } from 'vitest';
import { RANK_DATA } from '../published-data/data';
import { categoryQualifyingMarks, gateScore, generalQualifyingMarks, qualifyingStatus } from './gate-score';

const formula = RANK_DATA.scoreFormula;

describe('GATE score', () => {
  it('matches the CS 2025 worked example: Mq 29.2, M̄t 83.24, 60 marks → 663', () => {
    expect(gateScore(60, 29.2, 83.24, formula)).toBe(663);
  });

  it('gives 350 at the qualifying mark and 900 at the top-0.1% mean', () => {
    expect(gateScore(29.2, 29.2, 83.24, formula)).toBe(350);
    expect(gateScore(83.24, 29.2, 83.24, formula)).toBe(900);
  });

  it('is capped at 1000 and can be negative', () => {
    expect(gateScore(100, 29.2, 83.24, formula)).toBe(1000);
    expect(gateScore(-10, 29.2, 83.24, formula)).toBe(-49);
  });
});

describe('qualifying marks', () => {
  it('never go below 25', () => {
    expect(generalQualifyingMarks(21.3)).toBe(25);
    expect(generalQualifyingMarks(32.5)).toBe(32.5);
  });

  it('reproduce the published category marks by truncating to one decimal', () => {
    expect(categoryQualifyingMarks(27.6)).toEqual({ general: 27.6, obcNclEws: 24.8, scStPwd: 18.4 }); // CS 2024
    expect(categoryQualifyingMarks(30)).toEqual({ general: 30, obcNclEws: 27, scStPwd: 20 }); // CS 2026
    expect(categoryQualifyingMarks(26.4)).toMatchObject({ obcNclEws: 23.7 }); // DA 2026
    expect(categoryQualifyingMarks(37.1)).toEqual({ general: 37.1, obcNclEws: 33.3, scStPwd: 24.7 }); // DA 2024
  });

  it('tell each category whether the marks qualify', () => {
    const status = qualifyingStatus(26, categoryQualifyingMarks(30));
    expect(status.general.qualifies).toBe(false);
    expect(status.obcNclEws.qualifies).toBe(false);
    expect(status.scStPwd.qualifies).toBe(true);
    expect(qualifyingStatus(27, categoryQualifyingMarks(30)).obcNclEws.qualifies).toBe(true);
  });
});
