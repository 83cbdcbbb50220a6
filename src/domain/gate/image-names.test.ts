import { describe, expect, it } from 'vitest';
import { decodeImageName } from '.';

describe('decodeImageName: the master identity in an image file name', () => {
  it.each([
    ['585_364833_0_37974087_cs1q12q.png', 'cs1', 12, null],
    ['585_364833_0_37974087_cs1q12b.png', 'cs1', 12, 'B'],
    ['585_364833_0_37974087_cs1q18qv2.png', 'cs1', 18, null],
    ['585_364833_0_37974087_cs1q18bv3.PNG', 'cs1', 18, 'B'],
    ['585_905869_0_41948438_da2q47.jpg', 'da2', 47, null],
    ['585_905869_0_41948438_da2q47a.jpg', 'da2', 47, 'A'],
    ['585_1_0_2_daq25q.png', 'da', 25, null],
    ['585_1_0_2_ga1q4.png', 'ga1', 4, null],
    ['585_1_0_2_cs3q12a.png', 'cs3', 12, 'A'],
    ['585_231904_0_50874112_cs2q11.jpg', 'cs2', 11, null],
    ['585_231904_0_50874112_cs2q11a.jpg', 'cs2', 11, 'A'],
    ['585_231904_0_50874112_ga1q9c.jpg', 'ga1', 9, 'C'],
    ['585_231904_0_50874112_daq11.jpg', 'da', 11, null],
  ])('%s → %s Q%i option %s', (name, code, number, optionLetter) => {
    expect(decodeImageName(name)).toMatchObject({ code, number, optionLetter });
  });

  it('tells a 2026-style stem (ending in q) from a 2021-2025 one', () => {
    expect(decodeImageName('x_cs2q11q.png')?.stemMarked).toBe(true);
    expect(decodeImageName('x_cs2q11qv2.png')?.stemMarked).toBe(true);
    expect(decodeImageName('x_cs2q11.jpg')?.stemMarked).toBe(false);
    expect(decodeImageName('x_cs2q11b.png')?.stemMarked).toBe(false);
  });

  it('tells GA images from subject images', () => {
    expect(decodeImageName('x_ga2q7q.png')?.sectionKind).toBe('GA');
    expect(decodeImageName('x_cs2q7q.png')?.sectionKind).toBe('subject');
  });

  it.each(['x_phy_12.png', 'x_cs1q.png', 'x_q12.png', 'x_cs1q12e.png', 'x_cs1q12v.png', 'x_cs1q12.txt', 'photo.jpg'])(
    'finds no identity in %s',
    (name) => {
      expect(decodeImageName(name)).toBeNull();
    },
  );
});
