/**
 * The anchors-only rank (src/domain/gate/rank/prediction/anchors.ts) backtested on CS, leave one year out (npm run bench:anchors):
 * each held-out year is predicted from its own anchors alone (appeared, qualified, the qualifying mark and the
 * top-0.1% mean, or the nearest year's M̄t where the year published none), its range calibrated on the other years only.
 * Prints, per held-out year, the median error as a factor, the range factor and the share of its reported
 * marks-to-rank points inside the range; then the spread every paper without rank data uses.
 */
import {
  ANCHOR_SPREAD,
  anchorYearsOf,
  backtestAnchors,
  calibrateSpread,
} from '../../src/domain/gate/rank/prediction/anchors';
import { RANK_DATA } from '../../src/domain/gate/rank/published-data/data';

const years = anchorYearsOf(RANK_DATA, 'CS');
const results = backtestAnchors(years);
const factor = (value: number) => `×${value.toFixed(2)}`;

console.log('Anchors-only rank, CS, leave one year out (rank data v%d)', RANK_DATA.version ?? 1);
console.log('held out  M̄t         median error  range (×/÷)  inside');
for (const year of results) {
  const share = `${year.inside}/${year.points} (${Math.round((100 * year.inside) / year.points)}%)`;
  console.log(
    `${year.year}      ${year.topMeanKind.padEnd(9)}  ${factor(year.medianErrorFactor).padEnd(12)}  ${factor(year.rangeFactor).padEnd(11)}  ${share}`,
  );
}
const inside = results.reduce((sum, year) => sum + year.inside, 0);
const points = results.reduce((sum, year) => sum + year.points, 0);
console.log(
  `all       ${' '.repeat(9)}  ${' '.repeat(12)}  ${' '.repeat(11)}  ${inside}/${points} (${Math.round((100 * inside) / points)}%)`,
);
console.log(
  `Spread every paper uses: ${factor(Math.exp(ANCHOR_SPREAD))} (calibrated on all ${years.length} years: ${factor(Math.exp(calibrateSpread(years)))})`,
);
