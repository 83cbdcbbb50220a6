import type { PaperPlan } from './papers';
import type { QuestionType } from './truth';

/**
 * A response sheet in the portal's markup (docs/gate/response-sheet-format.md): the header table, then one
 * section-cntnr per section with its label and question panels; each panel a questionRowTbl (Q.n, the stem image,
 * option cells 'A. <img>' or the NAT 'Given Answer :' row) and a menu-tbl of label / value cells.
 */
export interface SheetHeader {
  candidateId: string;
  name: string;
  centre: string;
  date: string;
  time: string;
  subject: string;
}

export interface PanelQuestion {
  displayNo: number;
  type: QuestionType;
  questionId: string;
  status: string;
  stemName: string;
  /** Display label → option image name, in display order (empty for NAT). */
  options: Array<[label: string, imageName: string]>;
  /** 'A,C', a typed number, or null when unanswered. */
  displayed: string | null;
}

export interface SheetSection {
  label: string;
  questions: PanelQuestion[];
}

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#222;margin:0;background:#fff}
.main-info-pnl{margin:10px;padding:10px;border:1px solid #ccc;overflow:hidden}
.main-info-pnl td{padding:4px 10px;border:1px solid #ddd}
.section-lbl{background:#4e7fb3;color:#fff;padding:6px 10px;font-size:14px}
.question-pnl{border:1px solid #ccc;margin:6px 0;padding:6px;overflow:hidden}
.bold{font-weight:bold}`;

export function sheetHtml(plan: PaperPlan, imageUrl: string, header: SheetHeader, sections: SheetSection[]): string {
  const img = (name: string, cls = '') => `<img${cls} name="${name}" src="${imageUrl}${name}">`;
  const panel = (q: PanelQuestion) => {
    const answerRows =
      q.type === 'NAT'
        ? `<tr><td align="right" class="bold">Given Answer :</td><td class="bold" style="word-break: break-word;">${q.displayed ?? ' -- '}</td></tr>`
        : q.options
            .map(
              ([label, name], index) =>
                `<tr><td${index === 0 ? ' class="bold" valign="top" align="right"' : ''}>${index === 0 ? 'Ans' : ''}</td><td>${label}. ${img(name)}</td></tr>`,
            )
            .join('');
    const menu = [
      ['Question Type :', q.type],
      ['Question ID :', q.questionId],
      ['Status :', q.status],
      ...(q.type === 'NAT' ? [] : [['Chosen Option :', q.displayed ?? '--']]),
    ]
      .map(([label, value]) => `<tr><td align="right">${label}</td><td class="bold">${value}</td></tr>`)
      .join('');
    return (
      `<div class="question-pnl"><table class="questionPnlTbl" cellspacing="0" cellpadding="0" width="100%"><tbody><tr><td class="rw">` +
      `<table class="questionRowTbl" cellspacing="0" cellpadding="0" style="width: 70%; float: left"><tbody><tr></tr>` +
      `<tr><td width="7%" class="bold" valign="top" align="right">Q.${q.displayNo}</td><td class="bold" valign="top" style="text-align: left">${img(q.stemName, ' class="question-img"')}</td></tr>` +
      `${answerRows}</tbody></table>` +
      `<table cellspacing="0" cellpadding="0" class="menu-tbl" style="float: right; width: 29%"><tbody>${menu}</tbody></table>` +
      `</td></tr></tbody></table></div>`
    );
  };
  const headerRows = [
    ['Candidate ID', header.candidateId],
    ['Candidate Name', header.name],
    ['Test Center Name', header.centre],
    ['Test Date', header.date],
    ['Test Time', header.time],
    ['Subject', header.subject],
  ]
    .map(([label, value]) => `<tr><td>${label}</td><td>${value}</td></tr>`)
    .join('');
  const body = sections
    .map(
      (section) =>
        `<div class="section-cntnr">\n<div class="section-lbl"><span>Section :&nbsp;</span><span class="bold">${section.label}</span></div>\n${section.questions.map(panel).join('\n')}\n</div>`,
    )
    .join('\n');
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>Response Sheet</title>
<style type="text/css">
${STYLE}
</style>
</head>
<body>
<div>
<div class="main-info-pnl"><div style="text-align: center; margin-bottom: 8px"><strong><span style="font-size: 16px">GATE ${plan.year} ${header.date} - Candidate Response Sheet</span></strong></div><table><tbody>${headerRows}</tbody></table></div>
<div class="grp-cntnr">
${body}
</div>
</div>
</body>
</html>
`;
}
