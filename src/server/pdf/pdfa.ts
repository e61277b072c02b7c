import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';

/** The PDF/A part and conformance level the XMP claims (docs/reports.md says why U and not A). */
export const PDFA = { part: 2, conformance: 'U' } as const;

export interface PdfIdentity {
  title: string;
  subject: string;
  /** BCP 47, as /Lang. */
  language: string;
  /** Info /Creator and xmp:CreatorTool. */
  creator: string;
  /** Info /Producer and pdf:Producer. */
  producer: string;
  /** Made and last changed: Info /CreationDate and /ModDate, xmp:CreateDate, ModifyDate and MetadataDate. */
  date: Date;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The instant as the Info dictionary holds it (whole seconds, UTC), in XMP's form. */
const xmpDate = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** The XMP packet (ISO 16684-1): Dublin Core, XMP basic, Adobe PDF and the PDF/A identification schema, the Info dictionary's values. */
export function xmpPacket(id: PdfIdentity): string {
  const date = xmpDate(id.date);
  return `<?xpacket begin="\u{feff}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(id.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xml(id.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:language><rdf:Bag><rdf:li>${xml(id.language)}</rdf:li></rdf:Bag></dc:language>
   <xmp:CreatorTool>${xml(id.creator)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <pdf:Producer>${xml(id.producer)}</pdf:Producer>
   <pdfaid:part>${PDFA.part}</pdfaid:part>
   <pdfaid:conformance>${PDFA.conformance}</pdfaid:conformance>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

const decode = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * What PDF/A-2 asks of the document beyond its content (ISO 19005-2): the Info dictionary and the
 * XMP metadata stream saying the same (title, subject, language, creator, producer, dates), the
 * sRGB OutputIntent (/GTS_PDFA1 with the embedded ICC profile) the DeviceRGB colours refer to, and
 * the trailer's file identifier (/ID, pdf-lib writes none: a hash of the identity, the same twice as
 * for a file never changed). Fonts, tags and /Lang are the document's own (document.ts, tags.ts).
 */
export async function makePdfA(doc: PDFDocument, id: PdfIdentity): Promise<void> {
  const { context, catalog } = doc;
  // Whole seconds: the Info dictionary's date format has no fractions, so both read the same instant.
  const date = new Date(Math.floor(id.date.getTime() / 1000) * 1000);
  doc.setTitle(id.title, { showInWindowTitleBar: true });
  doc.setSubject(id.subject);
  doc.setCreator(id.creator);
  doc.setProducer(id.producer);
  doc.setLanguage(id.language);
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  // Uncompressed (PDF/A: no Filter on the metadata stream), UTF-8.
  const xmp = context.stream(new TextEncoder().encode(xmpPacket({ ...id, date })), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(xmp));

  // Loaded with the first PDF, like the fonts (3.3 kB of base64 kept out of the Worker's startup).
  const { SRGB_ICC_FLATE } = await import('./srgb-icc');
  const icc = context.stream(decode(SRGB_ICC_FLATE), { N: PDFNumber.of(3), Filter: 'FlateDecode' });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(icc),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));

  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${id.title}\n${id.subject}\n${date.toISOString()}\n${doc.getPageCount()}`)));
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const fileId = PDFArray.withContext(context);
  fileId.push(PDFHexString.of(hex));
  fileId.push(PDFHexString.of(hex));
  context.trailerInfo.ID = fileId;
}
