import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Small PDFs built to make a reader spend unbounded time or memory, the attacks a key reader must survive: each is a
 * valid file (header, objects, cross-reference table, trailer) that pdf.js opens, written byte by byte here so a test
 * controls exactly what it holds.
 */

type PdfObject = string | { dictionary: string; stream: Buffer };

/** A PDF of these objects, numbered from 1 in order; object 1 is the catalog. */
function pdfOf(objects: readonly PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const body =
      typeof object === 'string'
        ? [Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')]
        : [
            Buffer.from(
              `${index + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`,
              'latin1',
            ),
            object.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ];
    for (const part of body) {
      parts.push(part);
      length += part.length;
    }
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const RESOURCES = (font: number) => `/Resources << /Font << /F1 ${font} 0 R >> >>`;
const PAGE = (parent: number, contents: number, font: number) =>
  `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R ${RESOURCES(font)} >>`;
const TEXT = Buffer.from('BT /F1 12 Tf 72 700 Td (1 MCQ GA B) Tj ET', 'latin1');

/**
 * A page tree of `levels` levels, each node listing the one below it ten times: 10^levels pages from a couple of KB
 * (the default 10^7 is the 1.6 KB bomb). `claimed` is the page count the tree's root says it has.
 */
export function pageTreeBomb(levels = 7, claimed = 10 ** levels): Buffer {
  // 1 catalog, 2..levels+1 the page-tree nodes (top first), then the page, its contents and its font.
  const page = levels + 2;
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < levels; level++) {
    const self = level + 2;
    const child = self + 1;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    const count = level === 0 ? claimed : 10 ** (levels - level);
    const kids = Array.from({ length: 10 }, () => `${child} 0 R`).join(' ');
    objects.push(`<< /Type /Pages ${parent}/Kids [${kids}] /Count ${count} >>`);
  }
  objects.push(PAGE(page - 1, page + 1, page + 2), { dictionary: '', stream: TEXT }, FONT);
  return pdfOf(objects);
}

/** One page whose content nests `depth` graphics states (`q`) around its text: the 2 MB file of 500,000. */
export function nestedOperators(depth = 500_000): Buffer {
  const content = Buffer.concat([
    Buffer.from('q '.repeat(depth), 'latin1'),
    TEXT,
    Buffer.from(' Q'.repeat(depth), 'latin1'),
  ]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE(2, 4, 5),
    { dictionary: '', stream: content },
    FONT,
  ]);
}

/**
 * One page whose content stream inflates from about a megabyte to `inflatedBytes` (1 GB by default) of whitespace:
 * a reader that decodes the whole stream before reading it needs that much memory.
 */
export function flateBomb(inflatedBytes = 1024 ** 3): Buffer {
  const chunk = Buffer.alloc(64 * 1024 * 1024, 0x20);
  // Identical chunks compress to identical blocks: deflate one and repeat it, instead of compressing a gigabyte.
  const pieces = Math.max(1, Math.round(inflatedBytes / chunk.length));
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }); // not a final block
  // The zlib header, the blocks, then an empty final block; the checksum (of no data) is wrong, and readers skip it.
  const [header, end] = [Buffer.from([0x78, 0xda]), deflateSync(Buffer.alloc(0)).subarray(2)];
  const stream = Buffer.concat([header, ...Array.from({ length: pieces }, () => block), end]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE(2, 4, 5),
    { dictionary: '/Filter /FlateDecode', stream },
    FONT,
  ]);
}

/**
 * A page tree whose root says it has 2^31 - 1 pages over 10^5 real ones: a reader that finds the count wrong and
 * walks the whole tree to count the pages again spends its time there, before any page is read.
 */
export const lyingPageCount = () => pageTreeBomb(5, 2 ** 31 - 1);

/** The four attacks of the key reader's tests, by name. */
export const HOSTILE_PDFS = {
  'a page-tree bomb (10^7 pages)': () => pageTreeBomb(),
  'a page of 500,000 nested q operators': () => nestedOperators(),
  'a flate bomb (1 MB to 1 GB)': () => flateBomb(),
  'a lying page count': () => lyingPageCount(),
} as const;
