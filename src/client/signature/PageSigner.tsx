/**
 * Sign mode, one page: the page's rendering (with the dashed box where the signature will land and the signature
 * already drawn in it) beside the page's 300 × 200 signature canvas and its own undo and clear buttons, so which page
 * a button acts on is never in doubt.
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import { useT } from '../kit/i18n';
import { SlButton, SlIcon } from '../kit/sl';
import { PdfPageView } from './PdfPageView';
import { SIGNATURE_CANVAS } from './placement';
import { SignaturePad } from './SignaturePad';
import { EMPTY_HISTORY, isBlank, type StrokeHistory, undoStroke } from './strokes';

export interface PageSignerProps {
  page: PDFPageProxy;
  /** 0-based. */
  index: number;
  pageCount: number;
  pageWidth: number;
  history: StrokeHistory;
  onChange(index: number, history: StrokeHistory): void;
  onRenderError(): void;
  buttonSize: 'medium' | 'large';
}

export function PageSigner({ page, index, pageCount, pageWidth, history, onChange, onRenderError, buttonSize }: PageSignerProps) {
  const t = useT();
  const number = index + 1;
  return (
    <section className="signature-row" data-testid={`signature-row-${number}`} data-signed={!isBlank(history)}>
      <PdfPageView
        page={page}
        width={pageWidth}
        strokes={history.strokes}
        outline
        label={t('signature.pageImage', { page: number })}
        onRenderError={onRenderError}
      />
      <div className="signature-row__pad">
        <div className="signature-row__title">
          <strong>{t('signature.pageOf', { page: number, pages: pageCount })}</strong>
          <span className={isBlank(history) ? 'signature-state' : 'signature-state signature-state--signed'}>
            {t(isBlank(history) ? 'signature.unsigned' : 'signature.signed')}
          </span>
        </div>
        <SignaturePad
          width={SIGNATURE_CANVAS.width}
          height={SIGNATURE_CANVAS.height}
          history={history}
          onChange={(next) => onChange(index, next)}
          label={t('signature.pad', { page: number })}
          className="signature-row__canvas"
        />
        <div className="signature-row__buttons">
          <SlButton
            size={buttonSize}
            disabled={history.undoable === 0}
            data-testid={`signature-undo-${number}`}
            onClick={() => onChange(index, undoStroke(history))}
          >
            <SlIcon slot="prefix" name="arrow-counterclockwise" />
            {t('signature.undo')}
          </SlButton>
          <SlButton
            size={buttonSize}
            disabled={isBlank(history)}
            data-testid={`signature-clear-${number}`}
            onClick={() => onChange(index, EMPTY_HISTORY)}
          >
            <SlIcon slot="prefix" name="eraser" />
            {t('signature.clearPage')}
          </SlButton>
        </div>
      </div>
    </section>
  );
}
