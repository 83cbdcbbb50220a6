import type { DocumentCollection } from '../collection';
import { DuplicateError, type LeanMeasurement, type LeanMeasurementRepository } from '../types';

/** A measured lean as stored: one document per paper and year. */
export interface LeanMeasurementDoc extends LeanMeasurement {
  _id: string;
}

const idOf = ({ paper, year }: Pick<LeanMeasurement, 'paper' | 'year'>) => `${paper} ${year}`;

function toMeasurement({ _id: _ignored, ...measurement }: LeanMeasurementDoc): LeanMeasurement {
  return measurement;
}

export function leanMeasurementRepository(
  measurements: DocumentCollection<LeanMeasurementDoc>,
): LeanMeasurementRepository {
  const replace = (measurement: LeanMeasurement) =>
    measurements.updateOne({ _id: idOf(measurement) }, { $set: { ...measurement } });
  return {
    async record(measurement) {
      if (await replace(measurement)) return;
      try {
        await measurements.insertOne({ _id: idOf(measurement), ...measurement });
      } catch (error) {
        // Two reports measured the year at once: the later write stands, as it would have one after the other.
        if (!(error instanceof DuplicateError)) throw error;
        await replace(measurement);
      }
    },
    async list() {
      return (await measurements.find({})).map(toMeasurement);
    },
  };
}
