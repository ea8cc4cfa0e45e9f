/**
 * Sign mode, one page: the page's rendering (with the dashed box where the signature will land and the signature
 * already drawn in it) beside the page's 300 × 200 signature canvas and its own undo and clear buttons, so which page
 * a button acts on is never in doubt. A page the stamp cannot be seen on (`placeSignature`) says why, and its pad is off.
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import { useT } from '../kit/i18n';
import { SlButton, SlIcon } from '../kit/sl';
import { PdfPageView } from './PdfPageView';
import { type Placement, SIGNATURE_CANVAS } from './placement';
import { SignaturePad } from './SignaturePad';
import { EMPTY_HISTORY, isBlank, type StrokeHistory, undoStroke } from './strokes';

export interface PageSignerProps {
  page: PDFPageProxy;
  /** 0-based. */
  index: number;
  pageCount: number;
  pageWidth: number;
  history: StrokeHistory;
  placement: Placement;
  onChange(index: number, history: StrokeHistory): void;
  onRenderError(): void;
  buttonSize: 'medium' | 'large';
}

export function PageSigner(props: PageSignerProps) {
  const { page, index, pageCount, pageWidth, history, placement, onChange, onRenderError, buttonSize } = props;
  const t = useT();
  const number = index + 1;
  const state = signatureState(history, placement);
  return (
    <section className="signature-row" data-testid={`signature-row-${number}`} data-signed={state === 'signed'}>
      <PdfPageView
        page={page}
        width={pageWidth}
        strokes={history.strokes}
        placement={placement}
        outline
        label={t('signature.pageImage', { page: number })}
        onRenderError={onRenderError}
      />
      <div className="signature-row__pad">
        <div className="signature-row__title">
          <strong>{t('signature.pageOf', { page: number, pages: pageCount })}</strong>
          <span className={`signature-state signature-state--${state}`} data-testid={`signature-state-${number}`}>
            {t(`signature.${state}`)}
          </span>
        </div>
        {!placement.ok && (
          <p className="signature-row__refusal" data-testid={`signature-refusal-${number}`}>
            {t('signature.cannotSign', { reason: t(`signature.cannotPlace.${placement.reason}`) })}
          </p>
        )}
        <SignaturePad
          width={SIGNATURE_CANVAS.width}
          height={SIGNATURE_CANVAS.height}
          history={history}
          onChange={(next) => onChange(index, next)}
          label={t('signature.pad', { page: number })}
          disabled={!placement.ok}
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

/** What a page's caption says: signed, not signed, or cannot be signed (whatever its pad holds). */
export function signatureState(history: StrokeHistory, placement: Placement): 'signed' | 'unsigned' | 'unplaceable' {
  if (!placement.ok) return 'unplaceable';
  return isBlank(history) ? 'unsigned' : 'signed';
}
