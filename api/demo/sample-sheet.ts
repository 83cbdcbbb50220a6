import type { DemoSheet, DemoSheetQuestion } from './demo-types';

/**
 * Writes a demo candidate's response sheet in the portal's markup (see docs/gate/response-sheet-format.md): the
 * header table, one section container per section, one question panel per question with its menu table. Image names
 * carry the master identity (`…_cs1q12q.svg`, `…_cs1q12b.svg`) exactly as real sheets do, so the checker reads a
 * demo sheet through the same parser as a real one.
 */

export const DEMO_IMAGE_PATH = '/demo/images/';
const IMAGE_PREFIX = 'demo_585_';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function stemImageName(code: string, master: number): string {
  return `${IMAGE_PREFIX}${code}q${master}q.svg`;
}

export function optionImageName(code: string, master: number, letter: string): string {
  return `${IMAGE_PREFIX}${code}q${master}${letter.toLowerCase()}.svg`;
}

const image = (name: string) => `<img name="${name}" src="${DEMO_IMAGE_PATH}${name}" alt="">`;

function questionPanel(item: DemoSheetQuestion, displayNumber: number): string {
  const { question } = item;
  const code = question.imageCode;
  const rows = [
    '<tr></tr>',
    `<tr><td class="bold" align="right">Q.${displayNumber}</td><td>${image(stemImageName(code, question.master))}</td></tr>`,
  ];
  if (question.type === 'NAT') {
    rows.push(
      `<tr><td class="bold" align="right">Given Answer :</td><td class="bold">${item.answer ?? ' -- '}</td></tr>`,
    );
  } else {
    item.displayToMaster.forEach((masterLetter, position) => {
      const label = String.fromCharCode(65 + position);
      const first = position === 0 ? 'Ans' : '';
      rows.push(
        `<tr><td class="bold" align="right">${first}</td><td>${label}. ${image(optionImageName(code, question.master, masterLetter))}</td></tr>`,
      );
    });
  }
  const menu: Array<[string, string]> = [
    ['Question Type :', question.type],
    ['Question ID :', question.longId],
    ['Status :', item.status],
    ...(question.type === 'NAT' ? [] : [['Chosen Option :', item.answer ?? '--'] as [string, string]]),
  ];
  const menuRows = menu
    .map(([label, value]) => `<tr><td align="right">${label}</td><td class="bold">${escape(value)}</td></tr>`)
    .join('');
  return (
    '<div class="question-pnl"><table class="questionPnlTbl"><tbody><tr><td class="rw">' +
    `<table class="questionRowTbl"><tbody>${rows.join('')}</tbody></table>` +
    `<table class="menu-tbl"><tbody>${menuRows}</tbody></table>` +
    '</td></tr></tbody></table></div>'
  );
}

/** The sample sheets' one stylesheet (inline, as on the portal's pages; the security policy allows it by hash). */
export const SAMPLE_SHEET_STYLE = `body{font-family:Arial,sans-serif;font-size:13px;margin:0}
.main-info-pnl,.grp-cntnr{margin:10px}.main-info-pnl td{padding:4px 10px;border:1px solid #ddd}
.section-lbl{background:#4e7fb3;color:#fff;padding:6px 10px}.question-pnl{border:1px solid #ccc;margin:6px 0;padding:6px;overflow:hidden}
.questionRowTbl{float:left;width:70%}.menu-tbl{float:right;width:29%}.bold{font-weight:bold}img{max-width:100%;vertical-align:middle}`;

export function renderSampleSheet(sheet: DemoSheet): string {
  const { candidate, paper } = sheet;
  const fields: Array<[string, string]> = [
    ['Candidate ID', candidate.id],
    ['Candidate Name', candidate.name],
    ['Test Center Name', 'HireGate Demo Centre'],
    ['Test Date', `08/02/${paper.year}`],
    ['Test Time', '9:30 AM - 12:30 PM'],
    ['Subject', paper.subjectLine],
  ];
  const header = fields.map(([label, value]) => `<tr><td>${label}</td><td>${escape(value)}</td></tr>`).join('');
  const sections = sheet.sections
    .map(
      (section) =>
        '<div class="section-cntnr">' +
        `<div class="section-lbl"><span>Section :&nbsp;</span><span class="bold">${escape(section.name)}</span></div>\n` +
        section.questions.map((item, index) => questionPanel(item, index + 1)).join('\n') +
        '</div>',
    )
    .join('\n');
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Response Sheet (HireGate demo)</title><style>${SAMPLE_SHEET_STYLE}</style></head>
<body><div class="main-info-pnl"><p><strong>GATE ${paper.year} - Candidate Response Sheet (made-up demo data)</strong></p>
<table><tbody>${header}</tbody></table></div>
<div class="grp-cntnr">
${sections}
</div></body></html>
`;
}

/** A small SVG card standing in for a question or option image; its text names the master identity. */
export function renderDemoImage(fileName: string): string | null {
  const match = /^demo_585_([a-z]+\d?)q(\d+)([a-dq])\.svg$/.exec(fileName);
  if (!match) return null;
  const [, code = '', master, suffix = ''] = match;
  const isStem = suffix === 'q';
  const title = isStem ? `${code.toUpperCase()} Q${master}` : `Option ${suffix.toUpperCase()}`;
  const detail = isStem ? 'Demo question: the real paper shows the question here.' : `of Q${master} (demo)`;
  const [width, height] = isStem ? [480, 90] : [220, 48];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" rx="6" fill="${isStem ? '#eef3fa' : '#f6f6f6'}" stroke="#9bb3d1"/>
<text x="12" y="${isStem ? 34 : 30}" font-family="Arial, sans-serif" font-size="${isStem ? 20 : 16}" font-weight="bold" fill="#1f3b5c">${title}</text>
${isStem ? `<text x="12" y="64" font-family="Arial, sans-serif" font-size="14" fill="#444">${detail}</text>` : `<text x="110" y="30" font-family="Arial, sans-serif" font-size="13" fill="#555">${detail}</text>`}
</svg>
`;
}
