/**
 * How predictions did against official results: the ratio error of a predicted AIR (×1 exact, ×2 off by a factor
 * of two either way, the measure the rank benchmark reports) and whether the AIR fell inside the predicted range.
 */

export interface PredictedAndActual {
  predicted: { rank: number; rankRange: readonly [number, number] };
  /** The official AIR. */
  rank: number;
}

export interface PredictionAccuracy {
  reports: number;
  /** Null without reports. */
  medianRatioError: number | null;
  /** The share of official AIRs inside the predicted range (0–1); null without reports. */
  insideRange: number | null;
}

export function ratioError(predicted: number, actual: number): number {
  return Math.max(predicted / actual, actual / predicted);
}

export function insideRange(rank: number, [best, worst]: readonly [number, number]): boolean {
  return rank >= best && rank <= worst;
}

export function predictionAccuracy(reports: readonly PredictedAndActual[]): PredictionAccuracy {
  if (reports.length === 0) return { reports: 0, medianRatioError: null, insideRange: null };
  const errors = reports.map((report) => ratioError(report.predicted.rank, report.rank)).sort((a, b) => a - b);
  const middle = Math.floor(errors.length / 2);
  const median = errors.length % 2 === 1 ? errors[middle]! : (errors[middle - 1]! + errors[middle]!) / 2;
  const inside = reports.filter((report) => insideRange(report.rank, report.predicted.rankRange)).length;
  return { reports: reports.length, medianRatioError: median, insideRange: inside / reports.length };
}
