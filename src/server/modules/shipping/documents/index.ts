/**
 * The shipping documents as PDFs (README "Documents"). Each renderer takes the data call's answer and the user's
 * language and answers the PDF bytes with its page count (the print log records both). Chinese text is set in Noto Sans
 * SC (embedded as a subset), barcodes are vector rectangles on the 203.2-dpi dot grid (pdfKit.ts).
 */
import { buildDeliveryNote } from './deliveryNote';
import { buildDispatchList } from './dispatchList';
import type { DeliveryData, DispatchData, DocumentLanguage, LabelData, PackageData, ProofOfDelivery } from './documents.types';
import { buildLabels } from './labels';
import { buildPackingList } from './packingList';

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
}

/** 100 × 150 mm labels, one page per carton, in the order given. */
export function renderLabels(labels: readonly LabelData[], language: DocumentLanguage): Promise<RenderedPdf> {
  return buildLabels(labels, language);
}

/** The A4 delivery note of one delivery; with a signed hand-over, its proof of delivery. */
export function renderDeliveryNote(
  data: DeliveryData,
  language: DocumentLanguage,
  proof?: ProofOfDelivery,
): Promise<RenderedPdf> {
  return buildDeliveryNote(data, language, new Date().toISOString(), proof);
}

/** The A4 dispatch list of one delivery. */
export function renderDispatchList(data: DispatchData, language: DocumentLanguage): Promise<RenderedPdf> {
  return buildDispatchList(data, language, new Date().toISOString());
}

/** The A4 packing list: one order per page (or more when long). */
export function renderPackingList(data: PackageData, language: DocumentLanguage): Promise<RenderedPdf> {
  return buildPackingList(data, language, new Date().toISOString());
}
