#!/usr/bin/env node
/**
 * Lighthouse on the production build, served by the real server with the demo data (`npm run bench:lighthouse`).
 *
 * 1. `npm run build` into a private folder (so parallel builds in the checkout are left alone), unless DIST_DIR names
 *    an existing build;
 * 2. starts api/server.ts on a free port with DEMO on and e-mail verification off (the scorecard page can then be
 *    opened straight from its address: /scorecard?link=<demo sheet>&email=…&testPaper=…);
 * 3. runs Lighthouse (`npx --yes lighthouse@12`, Debian's /usr/bin/chromium, headless) RUNS times on the home page and
 *    on a scorecard, and prints the median score per category, the median metrics and, under 95 for performance or
 *    accessibility, the audits that cost the most;
 * 4. Lighthouse 12 dropped the PWA category: the installability facts are read from Chromium itself instead
 *    (manifest, Page.getInstallabilityErrors, service worker control, offline reload).
 *
 * Environment: RUNS (3), PAGES (home,scorecard), LIGHTHOUSE_VERSION (12), LIGHTHOUSE_PRESET (mobile default | desktop), CHROME_PATH
 * (/usr/bin/chromium), DIST_DIR (skip the build and serve this folder), KEEP_REPORTS=1 (keep the JSON reports).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.RUNS ?? 3);
const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '12';
const PRESET = process.env.LIGHTHOUSE_PRESET ?? 'mobile';
/** PAGES=home or PAGES=scorecard measures that page only. */
const PAGES = process.env.PAGES?.toLowerCase().split(',');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = CHROMIUM_FLAGS;
const DEMO_SHEET = '/demo/response-sheets/CS26S19000002.html';
const THRESHOLD = 95;
/** A heading of the home page, to tell it rendered offline. */
const HOME_HEADING = 'Hire faster and fairer with AI';

const work = mkdtempSync(path.join(tmpdir(), 'hiregate-lighthouse-'));
const children = new Set();

function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!quiet) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${stderr.slice(-2000)}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function build() {
  if (process.env.DIST_DIR) {
    const dist = path.resolve(process.env.DIST_DIR);
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`DIST_DIR ${dist} holds no build`);
    console.log(`Using the build in ${dist}`);
    return dist;
  }
  const dist = path.join(work, 'dist');
  console.log(`Building into ${dist} …`);
  await run('npm', ['run', 'build', '--', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { quiet: true });
  return dist;
}

async function startServer(dist) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: dist,
      DATA_DIR: path.join(work, 'data'),
      DEMO: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.on('close', () => children.delete(child));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const health = await fetch(`${origin}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, child };
}

/** The installed Lighthouse's version (its first run also installs it, so timings of the runs stay comparable). */
function lighthouseVersion() {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--yes', `lighthouse@${LIGHTHOUSE_VERSION}`, '--version'], { cwd: root });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`lighthouse --version: ${code}`)),
    );
  });
}

let categories = 'performance,accessibility,best-practices';

async function lighthouse(url, outputPath) {
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    `--only-categories=${categories}`,
  ];
  if (PRESET === 'desktop') args.push('--preset=desktop');
  await run('npx', args, { env: { CHROME_PATH }, quiet: true });
  return JSON.parse(readFileSync(outputPath, 'utf8'));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const score = (value) => (value === null || value === undefined ? 'n/a' : String(Math.round(value * 100)));

const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];

/** The audits of a category that cost the most: for performance by weight × lost score, else every failing one. */
function failingAudits(report, categoryId) {
  const category = report.categories[categoryId];
  return category.auditRefs
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
    .filter(({ audit }) => !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode))
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? '',
      cost: ref.weight * (1 - audit.score),
      items: (audit.details?.items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.selector ?? item.url ?? item.source?.url ?? item.label ?? '')
        .filter(Boolean),
    }))
    .sort((a, b) => b.cost - a.cost);
}

/** Opportunities (estimated savings) of a performance report, largest first. */
function opportunities(report) {
  return Object.values(report.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 0)
    .map((audit) => ({ id: audit.id, title: audit.title, savingsMs: Math.round(audit.details.overallSavingsMs) }))
    .sort((a, b) => b.savingsMs - a.savingsMs);
}

function summarise(name, reports) {
  console.log(`\n=== ${name} (${reports.length} runs, Lighthouse ${reports[0].lighthouseVersion}, ${PRESET}) ===`);
  console.log(`final URL: ${reports[0].finalDisplayedUrl ?? reports[0].finalUrl}`);
  const categoryIds = Object.keys(reports[0].categories);
  const medians = {};
  for (const id of categoryIds) {
    const values = reports.map((report) => report.categories[id].score ?? 0);
    medians[id] = median(values);
    console.log(
      `${reports[0].categories[id].title.padEnd(16)} median ${score(medians[id]).padStart(3)}   runs ${values.map(score).join(', ')}`,
    );
  }
  if (!categoryIds.includes('pwa')) console.log('PWA               (no such category in this Lighthouse version)');
  const metricLine = METRICS.map(([id, label, unit]) => {
    const value = median(reports.map((report) => report.audits[id]?.numericValue ?? NaN));
    return `${label} ${unit === 'ms' ? Math.round(value) + ' ms' : value.toFixed(3)}`;
  }).join(' · ');
  console.log(`median metrics: ${metricLine}`);
  // Lighthouse's measure of this machine's speed during each run (its 4× CPU slowdown assumes a steady host): on a
  // shared 2-core machine it swings, and the performance score with it.
  const speeds = reports.map((report) => Math.round(report.environment?.benchmarkIndex ?? NaN));
  console.log(`host benchmarkIndex median ${median(speeds)}   runs ${speeds.join(', ')}`);
  const runtimeErrors = reports.map((report) => report.runtimeError?.message).filter(Boolean);
  if (runtimeErrors.length) console.log(`runtime errors: ${runtimeErrors.join(' | ')}`);

  for (const id of ['performance', 'accessibility']) {
    if (!(id in medians) || medians[id] * 100 >= THRESHOLD) continue;
    // The run whose score is the median one tells the typical story.
    const typical = reports.find((report) => report.categories[id].score === medians[id]) ?? reports[0];
    console.log(`\n${reports[0].categories[id].title} is under ${THRESHOLD} (run scoring ${score(medians[id])}):`);
    const failing = failingAudits(typical, id);
    const print = (audit) => {
      const where = audit.items.length ? `  [${audit.items.join(' | ')}]` : '';
      const value = audit.displayValue ? `, ${audit.displayValue}` : '';
      console.log(
        `  - ${audit.id}: ${audit.title} (score ${score(audit.score)}, weight ${audit.weight}${value})${where}`,
      );
    };
    console.log('  scored audits losing points:');
    failing.filter((audit) => audit.weight > 0).forEach(print);
    const diagnostics = failing.filter((audit) => audit.weight === 0).slice(0, 8);
    if (diagnostics.length) console.log('  failing diagnostics and insights (unweighted, they explain the above):');
    diagnostics.forEach(print);
    if (id === 'performance') {
      for (const opportunity of opportunities(typical).slice(0, 5)) {
        console.log(`  ~ opportunity ${opportunity.id}: ${opportunity.title} (about ${opportunity.savingsMs} ms)`);
      }
    }
  }
  return medians;
}

/** Did the scorecard page really get its data? (The API call and its status, from Lighthouse's network log.) */
function scorecardCall(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const call = requests.find((item) => String(item.url).includes('/api/data/'));
  return call ? `${new URL(call.url).pathname} → ${call.statusCode}` : 'no /api/data call seen';
}

/** Lighthouse 12 has no PWA category: ask Chromium itself, as the PWA e2e test does, with a real profile. */
async function installability(origin) {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(work, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await context.newPage();
    await page.goto(origin + '/');
    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = await (await page.request.get(new URL(manifestHref, origin).href)).json();
    const icons = [];
    for (const icon of manifest.icons ?? []) {
      const response = await page.request.get(new URL(icon.src, origin).href);
      icons.push(
        `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''} ${response.status()} ${response.headers()['content-type']}`,
      );
    }
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    await context.setOffline(true);
    await page.reload();
    const offlineHeading = await page
      .getByRole('heading', { name: HOME_HEADING })
      .first()
      .textContent({ timeout: 10_000 })
      .catch(() => null);
    await context.setOffline(false);
    console.log('\n=== Installability (Chromium, persistent profile) ===');
    console.log(
      `manifest: ${new URL(manifestHref, origin).pathname} — name "${manifest.name}", short_name "${manifest.short_name}", start_url ${manifest.start_url}, display ${manifest.display}, theme ${manifest.theme_color}`,
    );
    console.log(`icons: ${icons.join('; ')}`);
    console.log(`manifest errors: ${manifestErrors.length ? JSON.stringify(manifestErrors) : 'none'}`);
    console.log(
      `installability errors: ${installabilityErrors.length ? installabilityErrors.map((e) => e.errorId).join(', ') : 'none (installable)'}`,
    );
    console.log(`service worker controls the page after the first visit: yes`);
    console.log(`offline reload of / shows: ${offlineHeading ? `"${offlineHeading.trim()}"` : 'nothing (FAILED)'}`);
  } finally {
    await context.close();
  }
}

async function main() {
  const version = await lighthouseVersion();
  // The PWA category exists up to Lighthouse 11; from 12 on the installability facts are printed instead.
  if (Number(version.split('.')[0]) < 12) categories += ',pwa';
  console.log(`Lighthouse ${version}, ${PRESET} preset, ${RUNS} runs per page, Chromium at ${CHROME_PATH}`);
  const dist = await build();
  const { origin, child } = await startServer(dist);
  console.log(`Server with the demo data at ${origin}`);
  const query = new URLSearchParams({ link: origin + DEMO_SHEET, email: 'bench@example.com', testPaper: 'CS 1' });
  const pages = [
    ['Home', `${origin}/`],
    ['Scorecard', `${origin}/scorecard?${query}`],
  ].filter(([name]) => !PAGES || PAGES.includes(name.toLowerCase()));
  try {
    const results = {};
    for (const [name, url] of pages) {
      const reports = [];
      for (let i = 1; i <= RUNS; i += 1) {
        process.stdout.write(`Lighthouse ${name} run ${i}/${RUNS} … `);
        const started = Date.now();
        reports.push(await lighthouse(url, path.join(work, `${name.toLowerCase()}-${i}.json`)));
        console.log(`${Math.round((Date.now() - started) / 1000)} s`);
      }
      results[name] = summarise(name, reports);
      if (name === 'Scorecard') console.log(`scorecard data: ${reports.map(scorecardCall).join('; ')}`);
    }
    await installability(origin);
    console.log('\n=== Medians ===');
    for (const [name, medians] of Object.entries(results)) {
      console.log(
        `${name.padEnd(10)} ${Object.entries(medians)
          .map(([id, value]) => `${id} ${score(value)}`)
          .join(' · ')}`,
      );
    }
    if (process.env.KEEP_REPORTS) console.log(`\nReports kept in ${work}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('close', resolve)));
    if (!process.env.KEEP_REPORTS) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  if (!process.env.KEEP_REPORTS) rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
