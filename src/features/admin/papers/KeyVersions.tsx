import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  displaySignedMarks,
  keyVersionName,
  readableKey,
  type KeyChangeKind,
  type KeyVersionComparison,
  type KeyVersionEntry,
  type KeyVersionStamp,
  type QuestionKeyChange,
  type ResultsImpact,
} from '../../../domain/gate';
import type { AdminCredentials } from '../../../lib/admin-session';
import { keyVersionChoiceText, keyVersionTime } from '../../../lib/scorecard/key-version-text';
import { Field, Spinner } from '../../../lib/ui/FormFields';
import { keyVersionComparisonQuery, keyVersionsQuery } from '../admin-queries';
import './key-versions.css';
import { plural } from '../../../domain/words';
import { LoadFailed } from '../LoadFailed';

const SOURCE_TEXT: Record<KeyVersionEntry['source'], string> = {
  import: 'imported',
  edit: 'answer edited',
  recorded: 'recorded (set before versions were kept)',
  dispute: 'dispute applied',
};

/** What changed, in a word or two: the before and after keys stand beside it. */
const CHANGE_TEXT: Record<KeyChangeKind, string> = {
  'answer-changed': 'Answer changed',
  'answer-added': 'Answer added',
  'marks-to-all': 'Marks to all',
  'range-widened': 'Range widened',
  'range-narrowed': 'Range narrowed',
  'key-added': 'Key published',
  'key-removed': 'Key withdrawn',
};

const count = (n: number, one: string, many: string) => `${n} ${plural(n, one, many)}`;

/** A change of marks as the admin reads it: '+2', '−1⅓', '0'. */
const signed = displaySignedMarks;

interface Pair {
  from: number;
  to: number;
}

interface KeyVersionsProps {
  credentials: AdminCredentials;
  paperId: string;
  /** The version an import has just made: the part opens on its comparison with the version before it. */
  justImported?: KeyVersionStamp;
}

/**
 * A paper's 'Key versions': every version with its time, who made it and how many keys it changed, and the comparison
 * of two of them (the newest against the one before, unless the admin picks others). Nothing is asked before the part
 * is opened. PapersPanel mounts it anew after each import, which opens it on the new version's comparison.
 */
export function KeyVersions({ credentials, paperId, justImported }: KeyVersionsProps) {
  const [open, setOpen] = useState(Boolean(justImported));
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    // The import form the admin confirmed in is gone: the keyboard goes on from the comparison that replaced it.
    if (justImported) summary.current?.focus();
  }, [justImported]);
  return (
    <details className="paper-part key-versions" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary ref={summary} className="paper-part__summary">
        Key versions
      </summary>
      {open && <KeyVersionsBody credentials={credentials} paperId={paperId} newest={justImported?.version} />}
    </details>
  );
}

function KeyVersionsBody({
  credentials,
  paperId,
  newest,
}: {
  credentials: AdminCredentials;
  paperId: string;
  newest: number | undefined;
}) {
  const versions = useQuery(keyVersionsQuery(credentials, paperId));
  const [picked, setPicked] = useState<Pair | null>(null);
  // Right after an import the cached list may not hold the new version yet; its refetch is under way.
  const stale = newest !== undefined && versions.isFetching && !versions.data?.some((v) => v.version === newest);
  if (versions.isPending || stale) {
    return (
      <p className="key-versions__status" role="status">
        <Spinner /> Loading the key versions…
      </p>
    );
  }
  if (versions.isError) {
    return (
      <LoadFailed
        className="key-versions__status"
        what="The key versions could not be loaded."
        error={versions.error}
        onRetry={() => void versions.refetch()}
      />
    );
  }
  const list = versions.data;
  return (
    <div className="key-versions__body">
      <ol className="key-versions__list">
        {list.map((version, index) => (
          <li key={version.version}>
            <span className="key-versions__name">{keyVersionName(version.label)}</span>
            <span className="key-versions__meta">
              {keyVersionTime(version.at)} · {SOURCE_TEXT[version.source]}
              {version.by && ` by ${version.by}`} ·{' '}
              {/* The oldest version has nothing before it: its count is the keys it set. */}
              {index === list.length - 1
                ? count(version.changedQuestions, 'key set', 'keys set')
                : count(version.changedQuestions, 'question changed', 'questions changed')}
            </span>
          </li>
        ))}
      </ol>
      {list.length < 2 ? (
        <p className="key-versions__status" role="status">
          Only one key version so far: nothing to compare yet. The next import or answer change makes another.
        </p>
      ) : (
        <VersionComparison
          credentials={credentials}
          paperId={paperId}
          versions={list}
          pair={picked ?? defaultPair(list, newest)}
          onPick={setPicked}
        />
      )}
    </div>
  );
}

/** The newest version (or the one just imported) against the version before it. */
function defaultPair(versions: KeyVersionEntry[], newest: number | undefined): Pair {
  const toIndex = Math.max(
    0,
    versions.findIndex((version) => version.version === newest),
  );
  const to = versions[toIndex]!;
  const from = versions[toIndex + 1] ?? versions[1]!;
  return { from: from.version, to: to.version };
}

interface VersionComparisonProps {
  credentials: AdminCredentials;
  paperId: string;
  versions: KeyVersionEntry[];
  pair: Pair;
  onPick: (pair: Pair) => void;
}

function VersionComparison({ credentials, paperId, versions, pair, onPick }: VersionComparisonProps) {
  const headingId = useId();
  const same = pair.from === pair.to;
  const comparison = useQuery({
    ...keyVersionComparisonQuery(credentials, paperId, pair.from, pair.to),
    enabled: !same,
  });
  const picker = (label: string, end: keyof Pair) => (
    <Field label={label} className="admin-field">
      {(control) => (
        <select
          {...control}
          value={pair[end]}
          onChange={(event) => onPick({ ...pair, [end]: Number(event.target.value) })}
        >
          {versions.map((version) => (
            <option key={version.version} value={version.version}>
              {keyVersionChoiceText(version, versions)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <section className="key-compare" aria-labelledby={headingId}>
      <h2 id={headingId} className="key-compare__heading">
        Compare two versions
      </h2>
      <div className="key-compare__pickers">
        {picker('From version', 'from')}
        {picker('To version', 'to')}
      </div>
      {same ? (
        <p role="status">Pick two different versions to compare.</p>
      ) : comparison.isPending ? (
        <p role="status">
          <Spinner /> Comparing the two keys and scoring every stored result under both (a big paper takes a few
          seconds)…
        </p>
      ) : comparison.isError ? (
        <LoadFailed
          what="The comparison could not be made."
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
        />
      ) : (
        <ComparisonView comparison={comparison.data} />
      )}
    </section>
  );
}

function ComparisonView({ comparison: { from, to, questions, results } }: { comparison: KeyVersionComparison }) {
  return (
    <div className="key-compare__result">
      <h3>
        {keyVersionName(from.label)} → {keyVersionName(to.label)}
      </h3>
      <p className="key-compare__figure">{count(questions.length, 'question changed', 'questions changed')}</p>
      {questions.length > 0 && <QuestionChanges questions={questions} />}
      <h3>Stored results</h3>
      <ResultsImpactView results={results} />
    </div>
  );
}

function QuestionChanges({ questions }: { questions: QuestionKeyChange[] }) {
  return (
    <table className="key-compare__table">
      <caption className="visually-hidden">Questions whose key changed</caption>
      <thead>
        <tr>
          <th scope="col">Question</th>
          <th scope="col">Key before → after</th>
          <th scope="col">What changed</th>
        </tr>
      </thead>
      <tbody>
        {questions.map((question) => (
          <tr key={question.long_id}>
            <th scope="row">
              Q{question.short_id} · {question.type}
            </th>
            <td>
              {readableKey(question.type, question.before)} → {readableKey(question.type, question.after)}
            </td>
            <td>{CHANGE_TEXT[question.kind]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'N of M stored results changed: X up, Y down; mean change …, largest rise … and fall …', and the spread. */
function ResultsImpactView({ results }: { results: ResultsImpact }) {
  if (results.compared === 0) return <p>No stored results of this paper yet: nothing changes for any candidate.</p>;
  if (results.changed === 0) {
    return <p className="key-compare__figure">None of the {results.compared} stored results changed.</p>;
  }
  const extremes = [
    results.rose > 0 && `largest rise ${signed(results.largestRise)}`,
    results.fell > 0 && `largest fall ${signed(results.largestFall)}`,
  ].filter(Boolean);
  const tallest = Math.max(...results.changes.map(({ count }) => count));
  return (
    <>
      <p className="key-compare__figure">
        {results.changed} of {count(results.compared, 'stored result', 'stored results')} changed: {results.rose} up,{' '}
        {results.fell} down.
      </p>
      <p>
        Mean change {signed(results.meanChange)}, {extremes.join(', ')}.
      </p>
      <table className="key-compare__spread">
        <caption>How the totals moved</caption>
        <thead>
          <tr>
            <th scope="col">Change of total</th>
            <th scope="col">Results</th>
          </tr>
        </thead>
        <tbody>
          {results.changes.map(({ change, count: moved }) => (
            <tr key={change}>
              <th scope="row">{signed(change)}</th>
              <td>
                <svg
                  className={`key-compare__bar key-compare__bar--${change > 0 ? 'rise' : 'fall'}`}
                  viewBox="0 0 100 10"
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <rect width={(moved / tallest) * 100} height="10" />
                </svg>
                {moved}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
