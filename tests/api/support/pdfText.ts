import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** The text of every page of a PDF as a reader's copy would give it: items separated by spaces, no-break spaces made plain. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
        .join(''),
    );
  }
  await document.destroy();
  return pages.join('\n').replace(/\u00A0/g, ' ');
}
