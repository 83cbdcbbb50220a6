import { wholeNumber } from './prediction-view';
import { plural } from '../../../domain/words';

export interface MarksBin {
  from: number;
  to: number;
  count: number;
}

interface DistributionChartProps {
  bins: MarksBin[];
  marks: number;
}

const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 18;

/** Stored results of the paper as bars over marks, with a 'you are here' marker; plain SVG, no chart library. */
export function DistributionChart({ bins, marks }: DistributionChartProps) {
  const [first, last] = [bins[0], bins.at(-1)];
  if (!first || !last) return null;
  const low = Math.min(first.from, marks);
  const high = Math.max(last.to, marks);
  const span = high - low || 1;
  const tallest = Math.max(...bins.map((bin) => bin.count), 1);
  const x = (value: number) => ((value - low) / span) * WIDTH;
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const youX = Math.min(Math.max(x(marks), 1), WIDTH - 1);
  return (
    <figure className="distribution">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={`Marks of ${wholeNumber(total)} ${plural(total, 'result')} checked here from ${low} to ${high}; you are at ${marks}`}
      >
        {bins.map((bin) => {
          const height = (bin.count / tallest) * (HEIGHT - 24);
          return (
            <rect
              key={bin.from}
              className="distribution__bar"
              x={x(bin.from) + 0.5}
              y={HEIGHT - height}
              width={Math.max(x(bin.to) - x(bin.from) - 1, 1)}
              height={height}
            />
          );
        })}
        <line className="distribution__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
        <text className="distribution__tick" x="0" y={HEIGHT + 14}>
          {low}
        </text>
        <text className="distribution__tick" x={WIDTH} y={HEIGHT + 14} textAnchor="end">
          {high}
        </text>
        <line className="distribution__you" x1={youX} x2={youX} y1="14" y2={HEIGHT} />
        <text
          className="distribution__you-label"
          x={youX}
          y="10"
          textAnchor={youX > WIDTH * 0.75 ? 'end' : youX < WIDTH * 0.25 ? 'start' : 'middle'}
        >
          you are here
        </text>
      </svg>
      <figcaption>
        Marks of {wholeNumber(total)} {plural(total, 'result')} checked here
      </figcaption>
    </figure>
  );
}
